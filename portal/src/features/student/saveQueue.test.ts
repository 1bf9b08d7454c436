import { AxiosError, AxiosHeaders } from 'axios';
import { SaveQueue, type QueueState } from './saveQueue';

const offline = () => new AxiosError('Network Error', 'ERR_NETWORK');
const refused = (status: number, message: string) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, { status, data: { message }, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } });

function queueWith(send: (id: string, answer: unknown) => Promise<unknown>, storage = window.localStorage) {
  const states: QueueState[] = [];
  const queue = new SaveQueue(send, 'pending-test', (state) => states.push(state), storage, async () => undefined);
  return { queue, states };
}

beforeEach(() => window.localStorage.clear());

test('answers are sent in order, the newest per question, and forgotten once sent', async () => {
  const sent: [string, unknown][] = [];
  const { queue } = queueWith(async (id, answer) => void sent.push([id, answer]));
  queue.put('q1', { selected: ['a'] });
  queue.put('q1', { selected: ['b'] });
  queue.put('q2', { value: '42' });
  expect(await queue.flush()).toBe(true);
  expect(sent.at(-1)).toEqual(['q2', { value: '42' }]);
  expect(sent.filter(([id]) => id === 'q1').at(-1)).toEqual(['q1', { selected: ['b'] }]);
  expect(window.localStorage.getItem('pending-test')).toBeNull();
});

test('without a connection the answer waits in storage (a reload finds it) and is retried until it goes', async () => {
  let failures = 3;
  const sent: string[] = [];
  const { queue, states } = queueWith(async (id) => {
    if (failures-- > 0) throw offline();
    sent.push(id);
  });
  queue.put('q1', { value: '7' });
  expect(SaveQueue.stored(window.localStorage, 'pending-test')).toEqual({ q1: { value: '7' } });
  expect(await queue.flush()).toBe(true);
  expect(sent).toEqual(['q1']);
  expect(states.some((s) => s.offline)).toBe(true);
  expect(states.at(-1)).toMatchObject({ pending: 0, offline: false });
});

test('a refusal (time up) drops the answer and says why', async () => {
  const { queue, states } = queueWith(async () => {
    throw refused(409, 'Time is up: answers can no longer be changed.');
  });
  queue.put('q1', { value: '7' });
  expect(await queue.flush()).toBe(true);
  expect(states.at(-1)).toMatchObject({ pending: 0, refused: 'Time is up: answers can no longer be changed.' });
});
