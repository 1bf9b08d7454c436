import { presignS3 } from '@server/modules/files/s3';

describe('presignS3 (AWS Signature Version 4, query string)', () => {
  // AWS's published example: "Authenticating Requests: Using Query Parameters", GET of
  // examplebucket/test.txt on 24 May 2013, valid 86400 s.
  const example = {
    endpoint: 'https://s3.amazonaws.com',
    bucket: 'examplebucket',
    region: 'us-east-1',
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };

  it("matches AWS's documented signature", () => {
    const url = new URL(presignS3(example, { method: 'GET', key: 'test.txt', expiresSec: 86400, now: new Date('2013-05-24T00:00:00Z'), virtualHosted: true }));
    expect(url.host).toBe('examplebucket.s3.amazonaws.com');
    expect(url.pathname).toBe('/test.txt');
    expect(url.searchParams.get('X-Amz-Credential')).toBe('AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request');
    expect(url.searchParams.get('X-Amz-Signature')).toBe('aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
  });

  it('path-style PUT for S3-compatible servers, with keys that need encoding', () => {
    const url = new URL(
      presignS3(
        { ...example, endpoint: 'http://127.0.0.1:9000' },
        { method: 'PUT', key: 'org 1/pic.png', expiresSec: 600, now: new Date('2026-11-22T10:00:00Z') },
      ),
    );
    expect([url.host, url.pathname]).toEqual(['127.0.0.1:9000', '/examplebucket/org%201/pic.png']);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // Another method or key signs differently.
    const get = new URL(
      presignS3(
        { ...example, endpoint: 'http://127.0.0.1:9000' },
        { method: 'GET', key: 'org 1/pic.png', expiresSec: 600, now: new Date('2026-11-22T10:00:00Z') },
      ),
    );
    expect(get.searchParams.get('X-Amz-Signature')).not.toBe(url.searchParams.get('X-Amz-Signature'));
  });
});
