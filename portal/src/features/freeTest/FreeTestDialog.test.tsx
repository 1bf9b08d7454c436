import { act, fireEvent, screen } from '@testing-library/react';
import type { SharedTest } from '@shared/api/freeTests';
import { defaultFreeTestStart } from '@shared/domain/freeTest';
import { FreeTestDialog } from './FreeTestDialog';
import { makeUser, renderWithProviders } from '../../test-utils';

/** The free-test dialog (spec sections 2, 4, 9): debounced create and update, states, copy. */
const START = '2030-03-04T09:00:00.000Z';
const newState = (extra: Partial<SharedTest> = {}): SharedTest => ({
  _id: null,
  testId: 't1',
  testName: 'Algebra',
  testURL: null,
  startTime: START,
  endTime: null,
  noOfAttempts: -1,
  attemptsFromTest: true,
  isNew: true,
  isRemoved: false,
  testType: 'DEFAULT' as SharedTest['testType'],
  isReadyToLink: true,
  problems: [],
  answersLater: false,
  createdAt: null,
  updatedAt: null,
  ...extra,
});
const saved = (extra: Partial<SharedTest> = {}): SharedTest =>
  newState({ _id: 's1', testURL: 'http://school.example/t/s1', isNew: false, createdAt: START, updatedAt: START, ...extra });

/** Fake API calls that answer what they were sent. */
function freeTestApi(initial: SharedTest) {
  return {
    sharedTestOf: jest.fn(async () => initial),
    createSharedTest: jest.fn(async (body: { startTime: string; endTime?: string | null; noOfAttempts?: number }) =>
      saved({
        startTime: body.startTime,
        endTime: body.endTime ?? null,
        noOfAttempts: body.noOfAttempts ?? -1,
        attemptsFromTest: body.noOfAttempts === undefined,
      }),
    ),
    updateSharedTest: jest.fn(async (_id: string, body: Partial<SharedTest>) => saved({ ...body })),
  };
}

async function open(initial: SharedTest, language: 'en' | 'vi' = 'en') {
  const api = freeTestApi(initial);
  const onClose = jest.fn();
  const result = renderWithProviders(<FreeTestDialog testId="t1" testName="Algebra" onClose={onClose} />, {
    preloadedAuth: { user: makeUser() },
    api,
    language,
  });
  await act(async () => undefined); // the read on open
  return { ...result, calls: api, onClose };
}

const advance = async (ms: number) => {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};
const stateText = () => screen.getByTestId('free-test-state').getAttribute('data-state');
const toasts = (store: ReturnType<typeof renderWithProviders>['store']) => store.getState().ui.toasts.map((t) => [t.intent, t.body]);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('a test without one: created 1 s after the dialog opens, with the defaults, then its link is shown', async () => {
  const { calls } = await open(newState());
  expect(calls.sharedTestOf).toHaveBeenCalledWith('t1');
  expect(stateText()).toBe('new');
  expect(screen.getByTestId('free-test-link')).toHaveValue('');
  await advance(999);
  expect(calls.createSharedTest).not.toHaveBeenCalled();
  await advance(1);
  expect(calls.createSharedTest).toHaveBeenCalledTimes(1);
  // The attempts are left to the test's own setting (issue 14) until the tutor sets a number.
  expect(calls.createSharedTest).toHaveBeenCalledWith({ testId: 't1', startTime: START, endTime: null });
  expect(stateText()).toBe('created');
  expect(screen.getByTestId('free-test-link')).toHaveValue('http://school.example/t/s1');
  expect(screen.getByTestId('free-test-window')).toHaveTextContent(/Open from 4 Mar 2030 \d\d:00, with no end/);
});

it('changes are saved once, 1 s after the last one (debounced), and the state becomes updated', async () => {
  const { calls } = await open(saved());
  expect(stateText()).toBe('created');
  fireEvent.click(screen.getByLabelText('Limited'));
  await advance(500);
  fireEvent.change(screen.getByTestId('free-test-count'), { target: { value: '3' } });
  await advance(500);
  fireEvent.change(screen.getByTestId('free-test-count'), { target: { value: '12' } });
  await advance(999);
  expect(calls.updateSharedTest).not.toHaveBeenCalled();
  await advance(1);
  expect(calls.updateSharedTest).toHaveBeenCalledTimes(1);
  expect(calls.updateSharedTest).toHaveBeenCalledWith('s1', { startTime: START, endTime: null, noOfAttempts: 12 });
  expect(stateText()).toBe('updated');
  expect(calls.createSharedTest).not.toHaveBeenCalled();
});

it('a change before the create lands is folded into it: one create, no update', async () => {
  const { calls } = await open(newState());
  await advance(600);
  fireEvent.click(screen.getByLabelText('Limited'));
  await advance(999);
  expect(calls.createSharedTest).not.toHaveBeenCalled();
  await advance(1);
  expect(calls.createSharedTest).toHaveBeenCalledWith({ testId: 't1', startTime: START, endTime: null, noOfAttempts: 1 });
  expect(calls.updateSharedTest).not.toHaveBeenCalled();
});

it('an end time: set, shown in the region format; before the start it is refused and nothing is saved', async () => {
  const { calls } = await open(saved());
  fireEvent.click(screen.getByTestId('free-test-has-end'));
  await advance(1000);
  expect(calls.updateSharedTest).toHaveBeenLastCalledWith('s1', expect.objectContaining({ endTime: '2030-03-05T09:00:00.000Z' }));
  expect(screen.getByTestId('free-test-window')).toHaveTextContent(/Open from 4 Mar 2030 \d\d:00 until 5 Mar 2030 \d\d:00/);
  fireEvent.change(screen.getByTestId('free-test-end'), { target: { value: '2030-03-01T08:00' } });
  expect(screen.getByText('The end time must be after the start time.')).toBeInTheDocument();
  await advance(2000);
  expect(calls.updateSharedTest).toHaveBeenCalledTimes(1);
  // No end again: saved.
  fireEvent.click(screen.getByTestId('free-test-has-end'));
  await advance(1000);
  expect(calls.updateSharedTest).toHaveBeenLastCalledWith('s1', expect.objectContaining({ endTime: null }));
});

it('an attempts count out of range is marked and not saved', async () => {
  const { calls } = await open(saved({ noOfAttempts: 2 }));
  expect(screen.getByTestId('free-test-count')).toHaveValue('2');
  fireEvent.change(screen.getByTestId('free-test-count'), { target: { value: '0' } });
  expect(screen.getByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
  await advance(2000);
  expect(calls.updateSharedTest).not.toHaveBeenCalled();
  fireEvent.click(screen.getByLabelText('Unlimited'));
  await advance(1000);
  expect(calls.updateSharedTest).toHaveBeenCalledWith('s1', expect.objectContaining({ noOfAttempts: -1 }));
});

it('a test that does not pass validation shows its problems and is never created', async () => {
  const { calls } = await open(newState({ isReadyToLink: false, problems: ['No section added'] }));
  expect(screen.getByTestId('free-test-problems')).toHaveTextContent('No section added');
  expect(screen.queryByTestId('free-test-link')).toBeNull();
  expect(screen.queryByTestId('free-test-state')).toBeNull();
  await advance(5000);
  expect(calls.createSharedTest).not.toHaveBeenCalled();
});

it('copy link: the link goes to the clipboard with the spec toast', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  const { store } = await open(saved({ startTime: new Date(Date.now() - 60_000).toISOString() }));
  await act(async () => {
    fireEvent.click(screen.getByTestId('free-test-copy'));
  });
  expect(writeText).toHaveBeenCalledWith('http://school.example/t/s1');
  expect(toasts(store)).toContainEqual(['success', 'Test link has been copied. Now share it with your students']);
});

it('copying a link that opens later warns when it opens (issue 17)', async () => {
  const writeText = jest.fn(async () => undefined);
  Object.assign(navigator, { clipboard: { writeText } });
  const { store } = await open(saved());
  await act(async () => {
    fireEvent.click(screen.getByTestId('free-test-copy'));
  });
  expect(writeText).toHaveBeenCalledWith('http://school.example/t/s1');
  expect(toasts(store)).toContainEqual(['warning', expect.stringMatching(/^Test link has been copied, but nobody can open it before 4 Mar 2030 \d\d:00\.$/)]);
});

it("disable: removed, fields locked, copying warns 'Test is already disabled.Now it can't be shared'; re-enable", async () => {
  const { calls, store } = await open(saved());
  await act(async () => {
    fireEvent.click(screen.getByTestId('free-test-disable'));
  });
  expect(calls.updateSharedTest).toHaveBeenCalledWith('s1', { isRemoved: true });
  // The fake API answers what it was sent: now removed.
  expect(stateText()).toBe('removed');
  expect(screen.getByTestId('free-test-start')).toBeDisabled();
  expect(screen.getByTestId('free-test-disabled')).toHaveTextContent("Test is already disabled.Now it can't be shared");
  await act(async () => {
    fireEvent.click(screen.getByTestId('free-test-copy'));
  });
  expect(toasts(store)).toContainEqual(['warning', "Test is already disabled.Now it can't be shared"]);
  await act(async () => {
    fireEvent.click(screen.getByTestId('free-test-enable'));
  });
  expect(calls.updateSharedTest).toHaveBeenLastCalledWith('s1', { isRemoved: false });
  expect(stateText()).toBe('re-enabled');
  expect(screen.getByTestId('free-test-start')).not.toBeDisabled();
});

it('a change still waiting when the dialog closes is saved then', async () => {
  const { calls, unmount } = await open(saved());
  fireEvent.click(screen.getByLabelText('Limited'));
  unmount();
  await act(async () => undefined);
  expect(calls.updateSharedTest).toHaveBeenCalledWith('s1', expect.objectContaining({ noOfAttempts: 1 }));
});

it('Vietnamese', async () => {
  await open(saved(), 'vi');
  expect(screen.getByText('Bài kiểm tra miễn phí (liên kết)')).toBeInTheDocument();
  expect(screen.getByTestId('free-test-copy')).toHaveTextContent('Sao chép liên kết');
});

it('the default start is now, down to the whole minute: the link opens at once (issue 17)', () => {
  const now = new Date('2030-01-01T10:00:20Z');
  expect(defaultFreeTestStart(now).toISOString()).toBe('2030-01-01T10:00:00.000Z');
  expect(defaultFreeTestStart(new Date('2030-01-01T10:00:00Z')).toISOString()).toBe('2030-01-01T10:00:00.000Z');
  expect(defaultFreeTestStart().getTime()).toBeLessThanOrEqual(Date.now());
});

it('a start still to come: warned that nobody can open the link yet, and "Open it now" moves the start to now', async () => {
  await open(saved());
  expect(screen.getByTestId('free-test-not-open')).toHaveTextContent(/^Nobody can open this link yet: it opens on 4 Mar 2030 \d\d:00\./);
  fireEvent.click(screen.getByTestId('free-test-open-now'));
  expect(screen.queryByTestId('free-test-not-open')).not.toBeInTheDocument();
});

it('a start that has come: no warning', async () => {
  await open(saved({ startTime: new Date(Date.now() - 60_000).toISOString() }));
  expect(screen.queryByTestId('free-test-not-open')).not.toBeInTheDocument();
});

it('answers shown later: says they show after the end, or that with no end they never show (issue 17)', async () => {
  await open(saved({ answersLater: true, startTime: new Date(Date.now() - 60_000).toISOString() }));
  expect(screen.getByTestId('free-test-answers')).toHaveTextContent('With no end, students will not see the answers: set an end time to show them.');
  fireEvent.click(screen.getByTestId('free-test-has-end'));
  expect(screen.getByTestId('free-test-answers')).toHaveTextContent(
    /^This test shows its answers later: students see them after the end, \d{1,2} \w{3} \d{4} \d\d:\d\d\.$/,
  );
});

it('answers shown at once: nothing said about them', async () => {
  await open(saved({ answersLater: false }));
  expect(screen.queryByTestId('free-test-answers')).not.toBeInTheDocument();
});
