import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError } from 'axios';
import { Link, Route, Routes } from 'react-router-dom';
import type { ReportList, ReportedQuestion } from '@shared/api/reportTypes';
import { addQuestions, addSection, type Question } from '@shared/domain/test';
import { emptyTest, sequentialIds } from '@shared/domain/test/testing';
import { ReportDashboard } from './ReportDashboard';
import { optionsFor, publishCalls, PUBLISH_INFO_SHOWN_KEY } from './edits';
import { makeUser, renderWithProviders } from '../../test-utils';

/** The Report Dashboard (spec sections 2, 4, 8): tabs, reports, resolve, edit, publish with options, leaving with edits. */

function questions(): Question[] {
  const test = emptyTest();
  const ids = sequentialIds('q');
  const section = addSection(test, {}, ids);
  return addQuestions(
    test,
    section._id,
    [
      { type: 'multiple_choice', name: '<p>2 + 2 = ?</p>', options: [{ name: '3' }, { name: '4', isCorrect: true }] },
      { type: 'integer', name: '<p>Sides of a pentagon?</p>', solution: '6' },
    ],
    { ids, allowGpscType: false },
  );
}

function item(question: Question, extra: Partial<ReportedQuestion> = {}): ReportedQuestion {
  return {
    _id: question._id,
    testId: 't1',
    testName: 'Algebra weekly quiz',
    sectionId: 's1',
    question: { ...question, isReported: true, updateAvailable: false },
    parentQuestionId: null,
    status: 'REPORTED',
    reportsCount: 3,
    studentsCount: 2,
    reasons: [
      { reason: 'Two answers are right', count: 2, students: 2 },
      { reason: 'Typo', count: 1, students: 1 },
    ],
    firstReportedAt: '2030-01-01T00:00:00.000Z',
    lastReportedAt: '2030-01-02T00:00:00.000Z',
    isAttempted: true,
    canEdit: true,
    statistics: [],
    ...extra,
  };
}

function listOf(items: ReportedQuestion[]): ReportList {
  return {
    reportedQuestions: items,
    total: items.length,
    limit: 20,
    offset: 0,
    counts: { REPORTED: items.length, updateAvailable: 0, resolved: 4 },
    tests: [{ _id: 't1', name: 'Algebra weekly quiz', openCount: items.length }],
  };
}

async function open(items: ReportedQuestion[], api: Record<string, jest.Mock> = {}, language: 'en' | 'ko' = 'en') {
  const reportList = jest.fn(async () => listOf(items));
  const result = renderWithProviders(
    <Routes>
      <Route
        path="/home/local/errorReports"
        element={
          <>
            <ReportDashboard />
            <Link to="/home/local/0">away</Link>
          </>
        }
      />
      <Route path="/home/local/0" element={<p>library page</p>} />
    </Routes>,
    { preloadedAuth: { user: makeUser() }, api: { reportList, ...api }, language, route: '/home/local/errorReports?statusType=REPORTED' },
  );
  await act(async () => undefined);
  return { ...result, reportList };
}

const toasts = (store: { getState: () => { ui: { toasts: { body: string; title?: string }[] } } }) => store.getState().ui.toasts;

async function editFirstOption(card: HTMLElement) {
  fireEvent.click(within(card).getByTestId('edit-to-resolve'));
  const dialog = await screen.findByTestId('question-dialog');
  const integer = within(dialog).queryByTestId('integer-answer');
  if (integer) fireEvent.change(integer, { target: { value: '5' } });
  else {
    const box = within(dialog).getByTestId('option-correct-0');
    fireEvent.click(box.tagName === 'INPUT' ? box : box.querySelector('input')!);
  }
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', hidden: true }));
  });
}

beforeEach(() => localStorage.clear());

test('lists each reported question with its test, reasons and students; tab counts; asks with the status', async () => {
  const [mcq, integer] = questions();
  const { reportList } = await open([
    item(mcq),
    item(integer, { reportsCount: 1, studentsCount: 1, reasons: [{ reason: 'A pentagon has 5 sides', count: 1, students: 1 }] }),
  ]);
  expect(reportList).toHaveBeenCalledWith(expect.objectContaining({ statusType: 'REPORTED', limit: 20, offset: 0, testIds: [] }));
  const cards = screen.getAllByTestId('reported-question');
  expect(cards).toHaveLength(2);
  expect(within(cards[0]).getByTestId('reported-test-name').textContent).toBe('Algebra weekly quiz');
  expect(within(cards[0]).getByTestId('report-summary').textContent).toBe('Reports: 3 · students: 2');
  expect(within(cards[0]).getByTestId('report-reasons').textContent).toContain('“Two answers are right” × 2');
  // (a Fluent tab renders its label twice: the bold copy reserves its width)
  expect(screen.getByTestId('tab-REPORTED').textContent).toContain('Reported (2)');
  expect(screen.getByTestId('tab-resolved').textContent).toContain('Resolved (4)');
  fireEvent.click(screen.getByTestId('tab-resolved'));
  await act(async () => undefined);
  expect(reportList).toHaveBeenLastCalledWith(expect.objectContaining({ statusType: 'resolved' }));
});

test("empty state, and the what's-this explainer", async () => {
  await open([]);
  expect(screen.getByTestId('reports-empty').textContent).toContain('No reported questions');
  fireEvent.click(screen.getByTestId('whats-this'));
  expect((await screen.findByTestId('whats-this-dialog')).textContent).toContain('re-evaluate every attempt');
});

test('mark as resolved calls the server and reloads', async () => {
  const [mcq] = questions();
  const resolveReport = jest.fn(async () => ({ message: 'Marked as resolved.', resolvedReports: 3, activeReportedCount: 0 }));
  const { reportList, store } = await open([item(mcq)], { resolveReport });
  await act(async () => {
    fireEvent.click(screen.getByTestId('mark-resolved'));
  });
  expect(resolveReport).toHaveBeenCalledWith(mcq._id);
  expect(reportList).toHaveBeenCalledTimes(2);
  expect(toasts(store).map((t) => t.body)).toContain('Marked as resolved.');
});

test('edits are kept, marked and counted; from 2 the info modal shows once and all publish together with per-question options', async () => {
  const [mcq, integer] = questions();
  const saveAndResolve = jest.fn(async () => ({
    message: 'Successfully Published Questions',
    publishId: 'p1',
    version: 3,
    attemptsChanged: 10,
    resolvedReports: 4,
    questions: [],
  }));
  const { store } = await open([item(mcq), item(integer)], { saveAndResolve });
  const cards = () => screen.getAllByTestId('reported-question');
  await editFirstOption(cards()[0]);
  expect(within(cards()[0]).getByTestId('edited-badge')).toBeTruthy();
  expect(screen.getByTestId('edited-count').textContent).toBe('1 edited questions not published');
  expect(screen.queryByTestId('publish-all')).toBeNull();
  expect(saveAndResolve).not.toHaveBeenCalled();

  await editFirstOption(cards()[1]);
  expect(await screen.findByTestId('publish-info-dialog')).toBeTruthy();
  expect(localStorage.getItem(PUBLISH_INFO_SHOWN_KEY)).toBe('1');
  fireEvent.click(screen.getByRole('button', { name: 'Got it', hidden: true }));
  expect(screen.getByTestId('edited-count').textContent).toBe('2 edited questions not published');

  fireEvent.click(screen.getByTestId('publish-all'));
  const dialog = await screen.findByTestId('publish-dialog');
  const items = within(dialog).getAllByTestId('publish-item');
  expect(
    within(items[0])
      .getAllByRole('radio', { hidden: true })
      .map((r) => (r as HTMLInputElement).value),
  ).toEqual(['NO_CHANGE', 'RE_EVALUATE', 'GRACE']);
  fireEvent.click(within(items[1]).getByDisplayValue('GRACE'));
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish', hidden: true }));
  });
  expect(saveAndResolve).toHaveBeenCalledTimes(1);
  const body = (saveAndResolve.mock.calls[0] as unknown as [any])[0];
  expect(body.test).toEqual({ _id: 't1' });
  expect(body.questions.map((q: any) => [q.question._id, q.publishOption, q.sectionId])).toEqual([
    [mcq._id, 'RE_EVALUATE', 's1'],
    [integer._id, 'GRACE', 's1'],
  ]);
  expect(body.questions[0].question.options.map((o: any) => o.isCorrect)).toEqual([true, true]);
  expect(body.questions[1].question.solution).toBe('5');
  expect(toasts(store).map((t) => t.body)).toContain('Successfully Published Questions');
  await waitFor(() => expect(screen.queryByTestId('publish-bar')).toBeNull());
});

test("one edit: save and resolve on its card; a failure toasts the spec's title with the reason and keeps the edit", async () => {
  const [mcq] = questions();
  const saveAndResolve = jest.fn(async () => {
    throw new AxiosError('409', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 409,
      data: { message: 'Corrections of this test are being published.' },
    } as never);
  });
  const { store } = await open([item(mcq, { isAttempted: false })], { saveAndResolve });
  await editFirstOption(screen.getByTestId('reported-question'));
  fireEvent.click(screen.getByTestId('save-and-resolve'));
  const dialog = await screen.findByTestId('publish-dialog');
  expect(within(dialog).queryAllByRole('radio', { hidden: true })).toHaveLength(0);
  expect(dialog.textContent).toContain('No student has submitted this test yet');
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish', hidden: true }));
  });
  const toast = toasts(store).find((t) => t.title === 'Error while publishg questions');
  expect(toast?.body).toContain('being published');
  expect(screen.getByTestId('edited-badge')).toBeTruthy();
});

test('leaving with edits asks; leave without publishing goes on and drops them', async () => {
  const [mcq] = questions();
  await open([item(mcq)]);
  await editFirstOption(screen.getByTestId('reported-question'));
  fireEvent.click(screen.getByText('away'));
  expect(await screen.findByTestId('leave-dialog')).toBeTruthy();
  expect(screen.getByTestId('leave-dialog').textContent).toContain('1 edited questions');
  fireEvent.click(screen.getByTestId('leave-without-publishing'));
  expect(await screen.findByText('library page')).toBeTruthy();
});

test("a list failure toasts the spec's message", async () => {
  const reportList = jest.fn(async () => {
    throw new Error('network');
  });
  const { store } = renderWithProviders(<ReportDashboard />, { preloadedAuth: { user: makeUser() }, api: { reportList } });
  await act(async () => undefined);
  expect(toasts(store).map((t) => t.body)).toContain('Error while getting reported questions');
});

test('publish options and calls: NO_CHANGE only for attempted tests; one call per test', () => {
  expect(optionsFor({ isAttempted: true })).toEqual(['NO_CHANGE', 'RE_EVALUATE', 'GRACE']);
  expect(optionsFor({ isAttempted: false })).toEqual(['RE_EVALUATE', 'GRACE']);
  const [mcq, integer] = questions();
  const edit = (q: Question, testId: string) => ({ item: item(q, { testId }), question: { ...q, _id: q._id }, option: 'GRACE' as const });
  const calls = publishCalls([edit(mcq, 'a'), edit(integer, 'b'), edit(integer, 'a')]);
  expect(calls.map((c) => [c.test._id, c.questions.length])).toEqual([
    ['a', 2],
    ['b', 1],
  ]);
});
