import { loadConfig } from '@server/config';

/** Issue 29: the server listens on this machine only unless HOST says otherwise; logs are JSON in production. */
describe('HOST', () => {
  test('unset (or empty), the server listens on 127.0.0.1 only', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  test('HOST overrides it: every interface, IPv6, or one address', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
    expect(loadConfig({ HOST: '10.0.0.11' }).host).toBe('10.0.0.11');
  });
});

describe('the log format', () => {
  test('readable lines unless NODE_ENV is production, JSON then', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
  });
});
