import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportedQuestion } from '@shared/api/reportTypes';
import type { CorrectionsPreview, StatisticsReason } from '@shared/contract/results';
import type { Language } from '@shared/i18n/languages';
import { makeUser, renderWithProviders } from '../../test-utils';
import { PublishDialog } from './ReportDialogs';
import { ReportedQuestionCard } from './ReportedQuestionCard';

/** Reports raised by the statistics (issue 16): their badge and sentence in three languages; the corrections preview before publishing. */

const wrongKey: StatisticsReason = { flag: 'possible-wrong-key', attempts: 120, option: 'B', topShare: 0.64, keyTopShare: 0.2 };
const negative: StatisticsReason = { flag: 'negative-discrimination', attempts: 120, discrimination: -0.31 };

function item(
  statistics: StatisticsReason[],
  options = [
    { id: 'o1', name: '4', isCorrect: true },
    { id: 'o2', name: '5', isCorrect: false },
  ],
): ReportedQuestion {
  return {
    _id: 'q1',
    testId: 't1',
    testName: 'Algebra',
    sectionId: 's1',
    parentQuestionId: null,
    status: 'REPORTED',
    reportsCount: 1,
    studentsCount: 0,
    reasons: [],
    question: { _id: 'q1', type: 'multiple_choice', name: '<p>2 + 2?</p>', options, isReported: true, updateAvailable: false } as never,
    firstReportedAt: '2030-01-01T00:00:00.000Z',
    lastReportedAt: '2030-01-01T00:00:00.000Z',
    isAttempted: true,
    canEdit: true,
    statistics,
  };
}

const card = (statistics: StatisticsReason[], language: Language, options?: Parameters<typeof item>[1]) =>
  renderWithProviders(
    <ul>
      <ReportedQuestionCard item={item(statistics, options)} onEdit={jest.fn()} onResolve={jest.fn()} onSave={jest.fn()} onDiscard={jest.fn()} />
    </ul>,
    { preloadedAuth: { user: makeUser() }, language },
  );

const sentences = () =>
  within(screen.getByTestId('statistics-reasons'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

test.each([
  [
    'en',
    'Raised by the statistics',
    '64% of the top students chose B (the key, A: 20%) (from 120 submitted attempts)',
    'Stronger students got this wrong more often than weaker ones (discrimination -0.31) (from 120 submitted attempts)',
  ],
  [
    'vi',
    'Do thống kê phát hiện',
    '64% học sinh giỏi nhất chọn B (đáp án, A: 20%) (từ 120 lượt đã nộp)',
    'Học sinh giỏi làm sai câu này nhiều hơn học sinh yếu (độ phân biệt -0,31) (từ 120 lượt đã nộp)',
  ],
  [
    'ko',
    '통계로 발견됨',
    '상위 학생의 64%가 B을(를) 골랐습니다(정답 A: 20%) (제출된 응시 120건 기준)',
    '상위 학생이 하위 학생보다 이 문항을 더 자주 틀렸습니다 (변별도 -0.31) (제출된 응시 120건 기준)',
  ],
] as const)('%s: the badge and the sentences', (language, badge, first, second) => {
  card([wrongKey, negative], language);
  expect(screen.getByTestId('statistics-badge').textContent).toBe(badge);
  expect(sentences()).toEqual([first, second]);
});

test('the preferred option named by its id is shown by its letter; a student-only report has no badge', () => {
  card([{ ...wrongKey, option: 'o2' }], 'en');
  expect(sentences()[0]).toContain('chose B (the key, A: 20%)');
});

test('a report without statistics shows neither badge nor sentence', () => {
  card([], 'en');
  expect(screen.queryByTestId('statistics-badge')).toBeNull();
  expect(screen.queryByTestId('statistics-reasons')).toBeNull();
});

describe('the corrections preview before publishing', () => {
  const previewOf = (attemptsChanged: number, newMean: number): CorrectionsPreview => ({
    dryRun: true,
    freeTests: [{ sharedTestId: 'st1', attempts: 40, attemptsChanged, oldMean: 52.5, newMean }],
  });

  test('shows per free test the attempts that change and the mean before and after; asked again when an option changes; then publishes', async () => {
    const preview = jest.fn(async (options: Record<string, string>) => [
      { heading: 'Algebra', preview: options.q1 === 'GRACE' ? previewOf(40, 60) : previewOf(12, 55.25) },
    ]);
    const onPublish = jest.fn(async () => undefined);
    renderWithProviders(
      <PublishDialog
        items={[{ id: 'q1', heading: 'Algebra', html: '<p>2 + 2?</p>', attempted: true, option: 'RE_EVALUATE' }]}
        onClose={jest.fn()}
        onPublish={onPublish}
        preview={preview as never}
      />,
      { preloadedAuth: { user: makeUser() } },
    );
    const panel = await screen.findByTestId('corrections-preview');
    await waitFor(() =>
      expect(within(panel).getByTestId('corrections-preview-line').textContent).toBe('Algebra: 12 of 40 attempts change score; mean 52.5% → 55.25%'),
    );
    expect(preview).toHaveBeenCalledTimes(1);
    expect(preview.mock.calls[0][0]).toEqual({ q1: 'RE_EVALUATE' });
    fireEvent.click(screen.getByDisplayValue('GRACE'));
    await waitFor(() =>
      expect(within(panel).getByTestId('corrections-preview-line').textContent).toBe('Algebra: 40 of 40 attempts change score; mean 52.5% → 60%'),
    );
    expect(preview.mock.calls.at(-1)![0]).toEqual({ q1: 'GRACE' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish', hidden: true })));
    expect(onPublish).toHaveBeenCalledWith({ q1: 'GRACE' });
  });

  test('a preview that fails leaves publishing possible; no attempted test asks no preview', async () => {
    const preview = jest.fn(async () => Promise.reject(new Error('down')));
    const { unmount } = renderWithProviders(
      <PublishDialog items={[{ id: 'q1', html: 'x', attempted: true, option: 'RE_EVALUATE' }]} onClose={jest.fn()} onPublish={jest.fn()} preview={preview} />,
      { preloadedAuth: { user: makeUser() } },
    );
    expect(await screen.findByText('The preview could not be worked out; you can still publish.')).toBeTruthy();
    unmount();
    renderWithProviders(
      <PublishDialog items={[{ id: 'q1', html: 'x', attempted: false, option: 'RE_EVALUATE' }]} onClose={jest.fn()} onPublish={jest.fn()} preview={preview} />,
      {
        preloadedAuth: { user: makeUser() },
      },
    );
    expect(screen.queryByTestId('corrections-preview')).toBeNull();
  });
});
