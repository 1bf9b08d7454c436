import { AxiosError, AxiosHeaders } from 'axios';
import { memoryStore, SaveQueue, type QueueState } from './saveQueue';

const offline = () => new AxiosError('Network Error', 'ERR_NETWORK');
const refused = (status: number, message: string) =>
  new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    data: { message },
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  });

function queueWith(send: (id: string, answer: unknown, seq: number) => Promise<unknown>, store = memoryStore(), lastSeq = 0) {
  const states: QueueState[] = [];
  let clock = 1000;
  const queue = new SaveQueue(send, store, (state) => states.push(state), { lastSeq, now: () => clock, sleep: async () => void (clock += 1) });
  return { queue, states, store };
}

test('answers are sent in order, the newest per question, numbered upwards, and forgotten once sent', async () => {
  const sent: [string, unknown, number][] = [];
  const { queue, store } = queueWith(async (id, answer, seq) => void sent.push([id, answer, seq]));
  await queue.waiting();
  queue.put('q1', { selected: ['a'] });
  queue.put('q1', { selected: ['b'] });
  queue.put('q2', { value: '42' });
  expect(await queue.flush()).toBe(true);
  expect(sent.at(-1)).toEqual(['q2', { value: '42' }, 1002]);
  expect(sent.filter(([id]) => id === 'q1').at(-1)).toEqual(['q1', { selected: ['b'] }, 1001]);
  const seqs = sent.map(([, , seq]) => seq);
  expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  expect(store.data).toEqual({});
});

test("numbers start above the server's last one (another device's answers) and the stored ones", async () => {
  const sent: number[] = [];
  const { queue } = queueWith(async (_id, _answer, seq) => void sent.push(seq), memoryStore({ q9: { answer: null, seq: 5000 } }), 4000);
  queue.put('q1', { value: '1' });
  await queue.flush();
  expect(sent).toEqual([5000, 5001]);
  const { queue: later } = queueWith(async (_id, _answer, seq) => void sent.push(seq), memoryStore(), 4000);
  await later.waiting();
  later.put('q1', { value: '1' });
  await later.flush();
  expect(sent.at(-1)).toBe(4001);
});

test('without a connection the answer waits in the store (a reload finds it) and is retried until it goes', async () => {
  let failures = 3;
  const sent: string[] = [];
  const { queue, states, store } = queueWith(async (id) => {
    if (failures-- > 0) throw offline();
    sent.push(id);
  });
  await queue.waiting();
  queue.put('q1', { value: '7' });
  expect(store.data).toEqual({ q1: { answer: { value: '7' }, seq: 1000 } });
  expect(await queue.flush()).toBe(true);
  expect(sent).toEqual(['q1']);
  expect(states.some((s) => s.offline && s.pending === 1)).toBe(true);
  expect(states.at(-1)).toMatchObject({ pending: 0, offline: false });
});

test('a reload sends what an earlier page left waiting', async () => {
  const sent: [string, unknown, number][] = [];
  const { queue } = queueWith(async (id, answer, seq) => void sent.push([id, answer, seq]), memoryStore({ q3: { answer: { value: '3' }, seq: 77 } }));
  expect(await queue.waiting()).toEqual({ q3: { answer: { value: '3' }, seq: 77 } });
  queue.resume();
  expect(await queue.flush()).toBe(true);
  expect(sent).toEqual([['q3', { value: '3' }, 77]]);
});

test('a refusal (time up) drops the answer, says why and names the question', async () => {
  const refusedIds: string[] = [];
  const states: QueueState[] = [];
  const queue = new SaveQueue(
    async () => {
      throw refused(409, 'Time is up: answers can no longer be changed.');
    },
    memoryStore(),
    (state) => states.push(state),
    { sleep: async () => undefined, onRefused: (id) => refusedIds.push(id) },
  );
  queue.put('q1', { value: '7' });
  expect(await queue.flush()).toBe(true);
  expect(states.at(-1)).toMatchObject({ pending: 0, refused: 'Time is up: answers can no longer be changed.' });
  expect(refusedIds).toEqual(['q1']);
});
