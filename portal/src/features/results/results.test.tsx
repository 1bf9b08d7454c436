import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AttemptsQuery, ResultsSummary } from '@shared/contract/results';
import { ApiContext } from '../../app/apiContext';
import { createMockApi, makeUser, renderWithProviders } from '../../test-utils';
import { AnswerSheetDrawer } from './AnswerSheetDrawer';
import { AttemptsTable } from './AttemptsTable';
import { analysisOf, attemptRow, attemptsServer, questionStat, sheetOf } from './fixtures';
import { distractorData, formatDuration, histogramData } from './format';
import { QuestionTable } from './QuestionTable';
import { ResultsPage } from './ResultsPage';
import { ANALYSIS_MIN_INTERVAL_MS, SUMMARY_POLL_MS, useLiveResults } from './useLiveResults';
import { SEARCH_DEBOUNCE_MS } from './useAttempts';

const user = makeUser();
const lastQuery = (mock: jest.Mock) => mock.mock.calls.at(-1)?.[1] as AttemptsQuery;

function renderTable(attempts: jest.Mock = attemptsServer(120), onOpen = jest.fn()) {
  const result = renderWithProviders(<AttemptsTable sharedTestId="st1" refresh={0} onOpen={onOpen} />, {
    preloadedAuth: { user },
    api: { attempts: attempts as never },
  });
  return { ...result, attempts, onOpen };
}

describe('attempts table', () => {
  test('asks the server for one page, sorted by submit time, newest first; shows rank, score, time and status', async () => {
    const { attempts } = renderTable();
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(50));
    expect(attempts).toHaveBeenCalledTimes(1);
    expect(attempts.mock.calls[0][0]).toBe('st1');
    expect(lastQuery(attempts)).toEqual({ page: 1, limit: 50, sort: 'submittedAt', order: 'desc', search: undefined });
    const first = screen.getAllByTestId('attempt-row')[0];
    expect(within(first).getByTestId('attempt-rank').textContent).toBe('1');
    expect(within(first).getByTestId('attempt-score').textContent).toBe('9 / 10');
    expect(first.textContent).toContain('20:01'); // 1201 s
    expect(within(first).getByTestId('attempt-status').textContent).toBe('Submitted');
    expect(screen.getByTestId('attempts-range').textContent).toBe('1–50 of 120');
  });

  test('a header sorts on the server: the natural order first, a second click turns it; back to page 1', async () => {
    const { attempts } = renderTable();
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(50));
    fireEvent.click(screen.getByTestId('attempts-next'));
    await waitFor(() => expect(lastQuery(attempts).page).toBe(2));
    fireEvent.click(within(screen.getByTestId('attempts-sort-score')).getByRole('button'));
    await waitFor(() => expect(lastQuery(attempts)).toMatchObject({ sort: 'score', order: 'desc', page: 1 }));
    expect(screen.getByTestId('attempts-sort-score').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(screen.getByTestId('attempts-sort-score')).getByRole('button'));
    await waitFor(() => expect(lastQuery(attempts)).toMatchObject({ sort: 'score', order: 'asc' }));
    fireEvent.click(within(screen.getByTestId('attempts-sort-name')).getByRole('button'));
    await waitFor(() => expect(lastQuery(attempts)).toMatchObject({ sort: 'name', order: 'asc' }));
    fireEvent.click(within(screen.getByTestId('attempts-sort-timeTaken')).getByRole('button'));
    await waitFor(() => expect(lastQuery(attempts)).toMatchObject({ sort: 'timeTaken', order: 'asc' }));
  });

  test('the search is sent once typing pauses, trimmed, from page 1; one request for a burst of keys', async () => {
    jest.useFakeTimers();
    try {
      const { attempts } = renderTable();
      await act(async () => undefined);
      fireEvent.click(screen.getByTestId('attempts-next'));
      await act(async () => undefined);
      const before = attempts.mock.calls.length;
      const box = screen.getByTestId('attempts-search');
      for (const text of ['S', 'St', 'Student 1', ' Student 11 ']) fireEvent.change(box, { target: { value: text } });
      await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
      expect(attempts.mock.calls.length).toBe(before);
      await act(async () => jest.advanceTimersByTime(100));
      expect(attempts.mock.calls.length).toBe(before + 1);
      expect(lastQuery(attempts)).toMatchObject({ search: 'Student 11', page: 1 });
      expect(screen.getAllByTestId('attempt-row').map((row) => within(row).getByTestId('attempt-name').textContent)).toEqual([
        'Student 11',
        'Student 110',
        'Student 111',
        'Student 112',
        'Student 113',
        'Student 114',
        'Student 115',
        'Student 116',
        'Student 117',
        'Student 118',
        'Student 119',
      ]);
      fireEvent.change(box, { target: { value: 'nobody' } });
      await act(async () => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      expect(screen.getByTestId('attempts-none').textContent).toContain('nobody');
    } finally {
      jest.useRealTimers();
    }
  });

  test('paging: next and previous; a page size asks again from page 1; the last page disables next', async () => {
    const { attempts } = renderTable();
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(50));
    expect((screen.getByTestId('attempts-previous') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('attempts-next'));
    fireEvent.click(screen.getByTestId('attempts-next'));
    await waitFor(() => expect(screen.getByTestId('attempts-range').textContent).toBe('101–120 of 120'));
    expect((screen.getByTestId('attempts-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('attempts-page-size'));
    fireEvent.click(await screen.findByRole('option', { name: '200' }));
    await waitFor(() => expect(lastQuery(attempts)).toMatchObject({ limit: 200, page: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(120));
  });

  test('a hostile or very long name is text, not markup; score changes and an attempt in progress are shown', async () => {
    const hostile = '=HYPERLINK("http://evil.example","<b>click</b>")' + ' very long name'.repeat(20);
    const attempts = jest.fn(async () => ({
      attempts: [
        attemptRow(1, {
          student: { id: 's1', name: hostile, contact: '<img src=x onerror=alert(1)>' },
          scoreChanges: [{ publishId: 'p1', oldScore: 4, newScore: 9, at: '2030-01-02T00:00:00.000Z' }],
        }),
        attemptRow(2, { status: 'in-progress', submittedAt: null, rank: null }),
      ],
      total: 2,
    }));
    const { container, onOpen } = renderTable(attempts);
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('attempt-row');
    expect(within(first).getByTestId('attempt-name').textContent).toBe(hostile);
    expect(within(first).getByTestId('attempt-name').getAttribute('title')).toBe(hostile);
    expect(container.querySelector('b, img')).toBeNull();
    expect(within(first).getByTestId('attempt-score-changed').textContent).toBe('was 4');
    expect(within(second).getByTestId('attempt-status').textContent).toBe('In progress');
    expect(within(second).getByTestId('attempt-rank').textContent).toBe('—');
    fireEvent.click(second);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ attemptId: 'a2' }));
  });

  test('a failed page says so and keeps the table usable', async () => {
    renderTable(jest.fn(async () => Promise.reject(new Error('down'))));
    expect(await screen.findByTestId('attempts-error')).toBeTruthy();
  });
});

describe('answer sheet', () => {
  test('each question with the answer given, the right answer, marks and outcome; maths typeset; text never read as HTML', async () => {
    const row = attemptRow(3, { student: { id: 's3', name: 'Nguyễn Thị Hoa', contact: 'hoa@example.com' } });
    const answerSheet = jest.fn(async () => sheetOf(row));
    const { baseElement } = renderWithProviders(<AnswerSheetDrawer sharedTestId="st1" attempt={row} onClose={() => undefined} />, {
      preloadedAuth: { user },
      api: { answerSheet },
    });
    const items = await screen.findAllByTestId('sheet-question');
    expect(answerSheet).toHaveBeenCalledWith('st1', 'a3');
    expect(screen.getByText('Nguyễn Thị Hoa')).toBeTruthy();
    expect(items.map((item) => item.getAttribute('data-outcome'))).toEqual(['wrong', 'correct', 'unattempted']);
    expect(items.map((item) => within(item).getByTestId('sheet-marks').textContent)).toEqual(['0 / 2 marks', '2 / 2 marks', '0 / 1 marks']);
    const options = items[0].querySelectorAll('li');
    expect([...options].map((o) => [o.getAttribute('data-chosen'), o.getAttribute('data-correct')])).toEqual([
      ['true', 'false'],
      ['false', 'true'],
    ]);
    expect(items[0].querySelector('.katex')).not.toBeNull();
    expect(within(items[0]).getByTestId('sheet-right-answer').textContent).toContain('B. 9');
    expect(within(items[1]).getByTestId('sheet-answer').textContent).toBe('Answer given: 6');
    expect(within(items[2]).getByTestId('sheet-answer').textContent).toBe('Answer given: no answer');
    const right = within(items[2]).getByTestId('sheet-right-answer');
    expect(right.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(right.querySelector('img')).toBeNull();
    expect(right.querySelector('.katex')).not.toBeNull();
    expect(baseElement.querySelectorAll('[data-testid=answer-sheet] .katex').length).toBeGreaterThanOrEqual(3); // the passage's too
  });

  test('a sheet that cannot be read says so', async () => {
    renderWithProviders(<AnswerSheetDrawer sharedTestId="st1" attempt={attemptRow(1)} onClose={() => undefined} />, {
      preloadedAuth: { user },
      api: { answerSheet: async () => Promise.reject(new Error('404')) },
    });
    expect(await screen.findByText('The answer sheet could not be loaded.')).toBeTruthy();
  });
});

describe("the charts' data and the question table", () => {
  test('histogram bars are the 10 bins; distractor bars are top and bottom counts per option, the key marked', () => {
    const analysis = analysisOf();
    expect(histogramData(analysis.distribution)).toEqual(analysis.distribution.map((bin, i) => ({ range: `${i * 10}–${(i + 1) * 10}`, count: i })));
    expect(distractorData(questionStat(1))).toEqual([
      { label: 'A ✓', isCorrect: true, top: 9, bottom: 2, chosen: 20 },
      { label: 'B', isCorrect: false, top: 1, bottom: 7, chosen: 15 },
    ]);
    expect([0, 59, 61, 3599, 3661, null].map(formatDuration)).toEqual(['0:00', '0:59', '1:01', '59:59', '1:01:01', '—']);
  });

  test('facility, discrimination and flags as badges; flagged only; a row opens its distractor chart', () => {
    renderWithProviders(<QuestionTable questions={analysisOf().questions} />, { preloadedAuth: { user }, language: 'ko' });
    const rows = screen.getAllByTestId('question-row');
    expect(rows.map((row) => within(row).getByTestId('question-facility').textContent)).toEqual(['50%', '10%']);
    expect(rows.map((row) => within(row).getByTestId('question-discrimination').textContent)).toEqual(['0.35', '-0.20']);
    expect(within(rows[1]).getByTestId('flag-possible-wrong-key').textContent).toBe('정답 오류 가능');
    expect(within(rows[1]).getByTestId('flag-too-hard').textContent).toBe('너무 어려움');
    fireEvent.click(screen.getByTestId('questions-flagged-only'));
    expect(screen.getAllByTestId('question-row')).toHaveLength(1);
    fireEvent.click(screen.getAllByTestId('question-row')[0]);
    expect(screen.getByTestId('question-detail').textContent).toContain('정답 20');
    expect(screen.getByTestId('distractor-chart')).toBeTruthy();
  });
});

describe('live results', () => {
  const summary = (submitted: number, inProgress = 0): ResultsSummary => ({
    submitted,
    inProgress,
    lastActivityAt: submitted ? `2030-01-01T00:00:${String(submitted).padStart(2, '0')}.000Z` : null,
  });
  let visibility: DocumentVisibilityState = 'visible';
  beforeAll(() => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility }));
  beforeEach(() => {
    visibility = 'visible';
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  function live(answers: ResultsSummary[]) {
    let i = 0;
    const resultsSummary = jest.fn(async () => answers[Math.min(i++, answers.length - 1)]);
    const api = createMockApi({ resultsSummary });
    const wrapper = ({ children }: { children: ReactNode }) => <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
    const hook = renderHook(() => useLiveResults('st1'), { wrapper });
    return { ...hook, resultsSummary };
  }
  const tick = (ms = SUMMARY_POLL_MS) => act(async () => jest.advanceTimersByTime(ms));

  test('polls every 5 s; the table is asked again only when the summary changed; the analysis at most every 30 s', async () => {
    const { result, resultsSummary } = live([summary(1), summary(1), summary(2), summary(2), summary(3), summary(3), summary(3), summary(3), summary(3)]);
    await tick(0);
    expect(resultsSummary).toHaveBeenCalledTimes(1);
    expect(result.current.summary?.submitted).toBe(1);
    await tick();
    expect(resultsSummary).toHaveBeenCalledTimes(2);
    expect(result.current.tableVersion).toBe(0);
    await tick(); // 10 s: 2 submitted
    expect(result.current.tableVersion).toBe(1);
    expect(result.current.analysisVersion).toBe(0);
    await tick();
    await tick(); // 20 s: 3 submitted
    expect(result.current.tableVersion).toBe(2);
    expect(result.current.analysisVersion).toBe(0);
    await tick();
    await tick(); // 30 s: the analysis catches up once
    expect(result.current.analysisVersion).toBe(1);
    await tick(ANALYSIS_MIN_INTERVAL_MS);
    expect(result.current.tableVersion).toBe(2);
    expect(result.current.analysisVersion).toBe(1);
  });

  test('no polling while the page is hidden; visible again polls at once; none after unmount', async () => {
    const { resultsSummary, unmount } = live([summary(1)]);
    await tick(0);
    visibility = 'hidden';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(SUMMARY_POLL_MS * 4);
    expect(resultsSummary).toHaveBeenCalledTimes(1);
    visibility = 'visible';
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await tick(0);
    expect(resultsSummary).toHaveBeenCalledTimes(2);
    await tick();
    expect(resultsSummary).toHaveBeenCalledTimes(3);
    unmount();
    await tick(SUMMARY_POLL_MS * 4);
    expect(resultsSummary).toHaveBeenCalledTimes(3);
  });
});

describe('results screen', () => {
  const shared = {
    _id: 'st1',
    testId: 't1',
    testName: 'Đại số tuần 3',
    testURL: 'http://localhost/t/st1',
    startTime: '2030-01-01T00:00:00.000Z',
    endTime: null,
    noOfAttempts: -1,
    attemptsFromTest: true,
    isNew: false,
    isRemoved: false,
    testType: 'NORMAL',
    isReadyToLink: true,
    problems: [],
    createdAt: null,
    updatedAt: null,
  } as never;
  const page = (api: NonNullable<Parameters<typeof renderWithProviders>[1]>['api'], language: 'en' | 'vi' = 'en') =>
    renderWithProviders(
      <Routes>
        <Route path="/home/local/results/:testId" element={<ResultsPage library="local" testId="t1" />} />
      </Routes>,
      { preloadedAuth: { user }, api, route: '/home/local/results/t1', language },
    );

  test('a test without a free test: says so and offers to publish it', async () => {
    page({ sharedTestOf: async () => ({ ...(shared as object), _id: null, testURL: null, isNew: true }) as never });
    expect(await screen.findByTestId('results-no-free-test')).toBeTruthy();
    expect(screen.queryByTestId('results-export-csv')).toBeNull();
  });

  test('a free test nobody has started: the empty state names the link', async () => {
    page({
      sharedTestOf: async () => shared,
      resultsSummary: async () => ({ submitted: 0, inProgress: 0, lastActivityAt: null }),
      freeTestAnalysis: async () => analysisOf({ attempts: 0 }),
    });
    expect((await screen.findByTestId('results-no-attempts')).textContent).toContain('http://localhost/t/st1');
  });

  test('figures, histogram and table (Vietnamese); the CSV is downloaded with the server’s file name', async () => {
    const resultsFile = jest.fn(async () => ({ blob: new Blob(['\ufeffname']), fileName: 'Đại số tuần 3.csv' }));
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    page(
      {
        sharedTestOf: async () => shared,
        resultsSummary: async () => ({ submitted: 40, inProgress: 2, lastActivityAt: '2030-01-01T00:00:00.000Z' }),
        freeTestAnalysis: async () => analysisOf(),
        attempts: attemptsServer(40),
        resultsFile,
      },
      'vi',
    );
    await waitFor(() => expect(screen.getByTestId('figure-mean').textContent).toContain('61,3%'));
    expect(screen.getByTestId('results-title').textContent).toBe('Kết quả: Đại số tuần 3');
    expect(screen.getByTestId('figure-inProgress').textContent).toContain('2');
    expect(screen.getByTestId('figure-reliability').textContent).toContain('0,81');
    expect(screen.getByTestId('score-histogram')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('attempt-row')).toHaveLength(40));
    await act(async () => fireEvent.click(screen.getByTestId('results-export-csv')));
    expect(resultsFile).toHaveBeenCalledWith('st1', 'csv');
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Đại số tuần 3.csv');
    click.mockRestore();
  });
});
