/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AxiosError, type AxiosInstance } from 'axios';
import { createApiClient, errorMessage, SOMETHING_WENT_WRONG, type ApiClientHooks } from '@shared/api/client';
import { createEndpoints } from '@shared/api/endpoints';

/**
 * A real HTTP server on 127.0.0.1: /status/<code> answers with that status and, when given,
 * ?message=... as the API's error envelope; /headers echoes the request headers; /slow never answers
 * before the client gives up.
 */
let server: http.Server;
let baseURL: string;
const requests: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/headers') return send(200, { data: req.headers });
    if (url.pathname === '/slow') {
      const timer = setTimeout(() => send(200, { data: null }), 2_000);
      return void res.on('close', () => clearTimeout(timer));
    }
    if (url.pathname === '/text') {
      res.writeHead(502, { 'content-type': 'text/plain' });
      return void res.end('Bad gateway');
    }
    if (url.pathname === '/auth/login' || url.pathname === '/auth/logout' || url.pathname.startsWith('/status/')) {
      const status = Number(url.searchParams.get('status') ?? (url.pathname.startsWith('/status/') ? url.pathname.split('/')[2] : 200));
      const message = url.searchParams.get('message');
      if (status === 200) return send(200, { data: { token: 't', user: { name: 'Ada' } } });
      const code = url.searchParams.get('code') ?? 'X';
      return send(status, message === null ? { code } : { message, code });
    }
    send(404, { message: 'There is no API call', code: 'ROUTE_NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
});

function setup(overrides: Partial<ApiClientHooks> = {}) {
  const hooks = {
    getToken: jest.fn<string | null, []>(() => 'tok-123'),
    getLanguage: jest.fn<string, []>(() => 'vi'),
    onSessionTimedOut: jest.fn<void, []>(),
    onSubscriptionExpired: jest.fn<void, []>(),
    onError: jest.fn<void, [string]>(),
  };
  return { hooks, client: createApiClient({ baseURL, ...hooks, ...overrides }) };
}

type Hooks = ReturnType<typeof setup>['hooks'];
/** How many times each named hook was called (a hook not named is not checked). */
function expectCalls(hooks: Hooks, counts: Partial<Record<'onSessionTimedOut' | 'onSubscriptionExpired' | 'onError', number>>) {
  const called = Object.fromEntries(Object.keys(counts).map((name) => [name, hooks[name as keyof typeof counts].mock.calls.length]));
  expect(called).toEqual(counts);
}

/** The call's rejection (every failing call must still reject, whatever the hooks did). */
async function failure(call: Promise<unknown>): Promise<AxiosError> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AxiosError);
  return error as AxiosError;
}

describe('createApiClient: request headers', () => {
  it('sends accept-language and x-access-token from the hooks, read at each call', async () => {
    const { hooks, client } = setup();
    const first = await client.get('/headers');
    expect(first.data.data['accept-language']).toBe('vi');
    expect(first.data.data['x-access-token']).toBe('tok-123');

    hooks.getLanguage.mockReturnValue('ko');
    hooks.getToken.mockReturnValue('tok-456');
    await client.get('/headers');
    expect(requests[1].headers['accept-language']).toBe('ko');
    expect(requests[1].headers['x-access-token']).toBe('tok-456');
  });

  it('sends no x-access-token without a token', async () => {
    const { client } = setup({ getToken: () => null });
    await client.get('/headers');
    expect(requests[0].headers['accept-language']).toBe('vi');
    expect(requests[0].headers).not.toHaveProperty('x-access-token');
  });

  it('calls no hook on success', async () => {
    const { hooks, client } = setup();
    const response = await client.get('/status/200');
    expect(response.status).toBe(200);
    expectCalls(hooks, { onSessionTimedOut: 0, onSubscriptionExpired: 0, onError: 0 });
  });
});

/** A 401 ends the session, a 403 SUBSCRIPTION_EXPIRED opens the expired notice: each calls its own hook, and only it. */
describe.each([
  {
    status: 401,
    hook: 'onSessionTimedOut',
    other: 'onSubscriptionExpired',
    url: '/status/401?message=Session%20ended',
    ownErrors: { method: 'get', url: '/status/401' },
  },
  {
    status: 403,
    hook: 'onSubscriptionExpired',
    other: 'onSessionTimedOut',
    url: '/status/403?message=Expired&code=SUBSCRIPTION_EXPIRED',
    ownErrors: { method: 'post', url: '/status/403?code=SUBSCRIPTION_EXPIRED', data: {} },
  },
] as const)('createApiClient: $status', ({ status, hook, other, url, ownErrors }) => {
  it(`calls ${hook}, not onError nor ${other}`, async () => {
    const { hooks, client } = setup();
    const error = await failure(client.get(url));
    expect(error.response?.status).toBe(status);
    expectCalls(hooks, { [hook]: 1, onError: 0, [other]: 0 });
  });

  it(`calls ${hook} for handlesOwnErrors calls too`, async () => {
    const { hooks, client } = setup();
    await failure(client.request({ ...ownErrors, handlesOwnErrors: true }));
    expectCalls(hooks, { [hook]: 1, onError: 0 });
  });
});

describe('createApiClient: 401 and 403, otherwise', () => {
  it('a 401 is ignored with config.ignoreUnauthorized, but the call still rejects', async () => {
    const { hooks, client } = setup();
    const error = await failure(client.post('/status/401', undefined, { ignoreUnauthorized: true }));
    expect(error.response?.status).toBe(401);
    expectCalls(hooks, { onSessionTimedOut: 0, onError: 0 });
  });

  it('any other 403 (a read-only Global Library, sharing turned off) is an error toast, not the expired modal', async () => {
    const { hooks, client } = setup();
    await failure(client.get('/status/403?message=Read%20only&code=GLOBAL_READ_ONLY'));
    expect(hooks.onSubscriptionExpired).not.toHaveBeenCalled();
    expect(hooks.onError).toHaveBeenCalledWith('Read only');
  });
});

describe('createApiClient: other failures', () => {
  it.each([400, 404, 409, 422, 429, 500, 503])("%i calls onError with the server's message", async (status) => {
    const { hooks, client } = setup();
    const error = await failure(client.get(`/status/${status}?message=Server%20says%20no%20(${status})`));
    expect(error.response?.status).toBe(status);
    expectCalls(hooks, { onError: 1, onSessionTimedOut: 0, onSubscriptionExpired: 0 });
    expect(hooks.onError).toHaveBeenCalledWith(`Server says no (${status})`);
  });

  it("falls back to 'Something went wrong' without a message", async () => {
    const { hooks, client } = setup();
    await failure(client.get('/status/500'));
    await failure(client.get('/status/500?message='));
    await failure(client.get('/text'));
    expect(hooks.onError.mock.calls).toEqual([['Something went wrong'], ['Something went wrong'], ['Something went wrong']]);
    expect(SOMETHING_WENT_WRONG).toBe('Something went wrong');
  });

  it("falls back to 'Something went wrong' when the server cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { hooks, client } = setup({ baseURL: `http://127.0.0.1:${port}` });
    const error = await failure(client.get('/anything'));
    expect(error.response).toBeUndefined();
    expect(hooks.onError).toHaveBeenCalledWith('Something went wrong');
  });

  it('handlesOwnErrors suppresses onError', async () => {
    const { hooks, client } = setup();
    const error = await failure(client.get('/status/500?message=Boom', { handlesOwnErrors: true }));
    expect(errorMessage(error)).toBe('Boom');
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('a cancelled call calls no hook', async () => {
    const { hooks, client } = setup();
    const controller = new AbortController();
    const call = client.get('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toThrow();
    expectCalls(hooks, { onError: 0, onSessionTimedOut: 0 });
  });
});

describe('errorMessage', () => {
  it("uses the server's message, else the fallback", async () => {
    const { client } = setup();
    expect(errorMessage(await failure(client.get('/status/400?message=Bad', { handlesOwnErrors: true })))).toBe('Bad');
    expect(errorMessage(await failure(client.get('/status/400', { handlesOwnErrors: true })))).toBe('Something went wrong');
    expect(errorMessage(new Error('not from the API'))).toBe('Something went wrong');
    expect(errorMessage(undefined)).toBe('Something went wrong');
  });
});

describe('endpoints over the client', () => {
  let hooks: Hooks;
  let client: AxiosInstance;
  beforeEach(() => {
    ({ hooks, client } = setup());
  });

  it('login unwraps the envelope', async () => {
    const api = createEndpoints(client);
    await expect(api.login({ orgCode: 'O', email: 'e', password: 'p' })).resolves.toEqual({ token: 't', user: { name: 'Ada' } });
  });

  it('login shows its own errors: no toast on failure, the message reaches the caller', async () => {
    client.interceptors.request.use((config) => ({ ...config, params: { status: 400, message: 'Invalid organisation code' } }));
    const error = await failure(createEndpoints(client).login({ orgCode: 'O', email: 'e', password: 'p' }));
    expect(errorMessage(error)).toBe('Invalid organisation code');
    expect(hooks.onError).not.toHaveBeenCalled();
  });

  it('logout ignores a 401 (the session may be gone already)', async () => {
    // The test server answers with the status given in the query.
    client.interceptors.request.use((config) => ({ ...config, params: { status: 401 } }));
    await failure(createEndpoints(client).logout());
    expectCalls(hooks, { onSessionTimedOut: 0, onError: 0 });
    expect(requests.at(-1)?.url).toBe('/auth/logout?status=401');
  });

  it('login on an expired subscription (403) opens the expired notice, without a toast', async () => {
    client.interceptors.request.use((config) => ({ ...config, params: { status: 403, message: 'Expired', code: 'SUBSCRIPTION_EXPIRED' } }));
    await failure(createEndpoints(client).login({ orgCode: 'O', email: 'e', password: 'p' }));
    expectCalls(hooks, { onSubscriptionExpired: 1, onError: 0 });
  });
});
