import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import type { EditorSection, EditorTest } from '@shared/api/testTypes';
import type { ImportOutcome, ImportPreview } from '@shared/contract/interop';
import { apiError, renderWithProviders } from '../../test-utils';
import { ExportDialog } from './ExportDialog';
import { ImportDialog } from './ImportDialog';

const section = { _id: 's1', name: 'Part A', questions: [] } as unknown as EditorSection;

const preview = (over: Partial<ImportPreview> = {}): ImportPreview => ({
  format: 'gift',
  formatName: 'GIFT',
  questionCount: 2,
  countsByType: { multiple_choice: 1, true_false: 1 },
  sections: [
    { name: 'Rivers', questions: [{ type: 'multiple_choice', text: 'Which river is longest?', answer: 'B', marks: null, pictures: 1 }] },
    { name: 'Seas', questions: [{ type: 'true_false', text: 'The sea is salty', answer: 'True', marks: null, pictures: 0 }] },
  ],
  problems: [
    { severity: 'error', question: 3, code: 'noCorrectAnswer', message: 'no answer gets full marks' },
    { severity: 'warning', question: 1, code: 'optionFeedback', message: 'the feedback of 2 options left out (our options have none)' },
  ],
  blocked: false,
  ...over,
});
const outcome: ImportOutcome = {
  message: '2 questions added successfully.',
  version: 4,
  questions: 2,
  sectionsCreated: 1,
  renamed: null,
  ignoredSections: [],
  pictures: 1,
  problems: [],
};

const choose = (name: string) => {
  const file = new File(['::Q:: x {T}'], name);
  fireEvent.change(screen.getByTestId('interop-file-input'), { target: { files: [file] } });
  return file;
};

describe('ImportDialog', () => {
  it('shows what the server understood, problems by question number, then imports into the chosen section', async () => {
    const interopPreview = jest.fn(async () => preview());
    const interopImport = jest.fn(async () => outcome);
    const { store } = renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, { api: { interopPreview, interopImport } });
    expect(screen.getByTestId('interop-import-submit')).toBeDisabled();
    const file = choose('bank.gift');
    expect(await screen.findByTestId('interop-found')).toHaveTextContent('GIFT: 2 questions found');
    expect(interopPreview).toHaveBeenCalledWith(file);
    const errors = within(screen.getByTestId('interop-errors'));
    expect(errors.getByText('1 thing left out: the rest imports')).toBeInTheDocument();
    expect(errors.getByTestId('interop-problem')).toHaveTextContent('Question 3: No correct answer');
    expect(errors.getByTestId('interop-problem')).toHaveTextContent('no answer gets full marks');
    expect(screen.getAllByTestId('interop-question').map((q) => q.textContent)).toEqual([
      'Which river is longest?Multiple choice · Answer: B · 1 picture',
      'The sea is saltyTrue / False · Answer: True',
    ]);
    // The file has two sections: they go into Part A unless the tutor says otherwise.
    expect(within(screen.getByTestId('interop-where')).getByText('The file has 2 sections. Where should its questions go?')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("Into the file's own sections"));
    fireEvent.click(screen.getByTestId('interop-import-submit'));
    expect(await screen.findByTestId('interop-imported')).toHaveTextContent('2 questions imported.');
    expect(interopImport).toHaveBeenCalledWith(file, { testId: 't1', sectionId: 's1', useFileSections: true, from: 'gift' });
    expect(store.getState().ui.toasts.map((toast) => toast.body)).toContain('2 questions imported.');
  });

  it('renders the maths of the preview with KaTeX and shows pictures as thumbnails (issue 29)', async () => {
    const picture = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const maths = preview({
      questionCount: 1,
      countsByType: { multiple_choice: 1 },
      sections: [
        {
          name: null,
          questions: [
            {
              type: 'multiple_choice',
              text: 'If $n$ cells each of emf $E$ give $x^2$ and \\(\\frac{1}{2}\\), what is it?',
              answer: '$nE$',
              marks: null,
              pictures: 2,
              thumbnails: [
                { src: picture, bytes: 70 },
                { src: null, bytes: 3 * 1024 * 1024 },
              ],
            },
          ],
        },
      ],
      problems: [],
    });
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, { api: { interopPreview: async () => maths } });
    choose('bank.gift');
    const question = await screen.findByTestId('interop-question');
    // Four formulas in the text and one in the answer, each typeset; no LaTeX source left.
    expect(question.querySelectorAll('.katex')).toHaveLength(5);
    expect(question.textContent).not.toContain('$');
    expect(question.textContent).not.toContain('\\frac');
    expect(question.textContent).toContain('If ');
    const thumbnail = within(question).getByTestId('preview-picture');
    expect(thumbnail.tagName).toBe('IMG');
    expect(thumbnail).toHaveAttribute('src', picture);
    // Too large to send: a box labelled with its size.
    expect(within(question).getByRole('img', { name: 'Picture (3.0 MB)' })).toHaveTextContent('3.0 MB');
  });

  it('a file with nothing to import cannot be imported; a refused file says why in the dialog', async () => {
    const interopPreview = jest
      .fn()
      .mockResolvedValueOnce(
        preview({
          questionCount: 0,
          blocked: true,
          sections: [],
          countsByType: {},
          problems: [{ severity: 'error', question: null, code: 'file', message: 'cannot tell the format of notes.txt' }],
        }),
      )
      .mockRejectedValueOnce(apiError(413, 'This file is too large to import: the limit is 20 MB.'));
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, { api: { interopPreview } });
    choose('notes.txt');
    expect(await screen.findByTestId('interop-nothing')).toHaveTextContent('Nothing in this file can be imported.');
    expect(screen.getByTestId('interop-problem')).toHaveTextContent('Whole file: The file cannot be read');
    expect(screen.getByTestId('interop-import-submit')).toBeDisabled();
    choose('huge.gift');
    expect(await screen.findByTestId('interop-failed')).toHaveTextContent('The import failed: This file is too large to import: the limit is 20 MB.');
  });

  it('is translated (Vietnamese)', async () => {
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, {
      api: { interopPreview: async () => preview() },
      language: 'vi',
    });
    choose('bank.gift');
    expect(await screen.findByTestId('interop-found')).toHaveTextContent('GIFT: tìm thấy 2 câu hỏi');
    expect(screen.getByTestId('interop-import-submit')).toHaveTextContent('Nhập 2 câu hỏi');
  });

  it.each([
    ['vi', 'Câu hỏi tự luận (trả lời bằng bài viết): Testforge không có loại câu hỏi này.', 'Câu hỏi loại “ddwtos”: Testforge không có loại câu hỏi này.'],
    ['ko', '서술형 문항(글로 쓰는 답): Testforge에는 이 유형의 문항이 없습니다.', '“ddwtos” 유형의 문항: Testforge에는 이 유형의 문항이 없습니다.'],
    [
      'en',
      'An essay question (a written answer): our tests have no essay questions.',
      'A question of the kind “ddwtos”: our tests have no questions of this kind.',
    ],
  ] as const)('words why a question was left out in the user’s language (%s), not in the API’s English', async (language, essay, other) => {
    const problems: ImportPreview['problems'] = [
      { severity: 'error', question: 3, code: 'unknownType', message: 'essay questions (an empty answer block) have no place in our tests', reason: 'essay' },
      { severity: 'error', question: 4, code: 'unknownType', message: 'ddwtos questions have no place in our tests', reason: 'otherKind', kind: 'ddwtos' },
      { severity: 'error', question: 5, code: 'noCorrectAnswer', message: 'no answer gets full marks' },
    ];
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, {
      api: { interopPreview: async () => preview({ problems }) },
      language,
    });
    choose('bank.gift');
    await screen.findByTestId('interop-found');
    const details = screen.getAllByTestId('interop-problem-detail').map((d) => d.textContent);
    // Without a reason code, the English detail stays (it names values from the file).
    expect(details).toEqual([essay, other, 'no answer gets full marks']);
  });
});

describe('ImportDialog: a spreadsheet of other columns (issue 29)', () => {
  const columns = ['Question Text', 'Choice 1', 'Choice 2', 'Choice 3', 'Correct', 'Explanation', 'Points'];
  const sheetPreview = (): ImportPreview =>
    preview({
      format: 'csv',
      formatName: 'CSV',
      questionCount: 4,
      countsByType: { multiple_choice: 4 },
      sections: [],
      problems: [],
      sheet: {
        columns,
        rows: [
          ['Capital of France?', 'Berlin', 'Paris', 'Rome', '2', 'Paris is.', '2'],
          ['2 + 2?', '3', '4', '5', '2', 'Four.', '1'],
          ['Largest ocean?', 'Pacific', 'Indian', 'Arctic', '1', 'The Pacific.', '1'],
          ['Smallest planet?', 'Mercury', 'Mars', 'Venus', '1', 'Mercury.', '1'],
        ],
        mapping: {
          type: null,
          question: 0,
          options: [1, 2, 3],
          correct: 4,
          solution: 5,
          marks: 6,
          negative: null,
          difficulty: null,
          section: null,
          tags: null,
        },
        guessed: true,
      },
    });
  const pick = (field: string, option: string) => {
    fireEvent.click(screen.getByTestId(`interop-mapping-${field}`));
    // (A multiselect dropdown's list is a menu of checkboxes.)
    const list = field === 'options' ? screen.getByRole('menu') : screen.getByRole('listbox');
    fireEvent.click(within(list).getByRole(field === 'options' ? 'menuitemcheckbox' : 'option', { name: option }));
  };

  it('shows each field with the guessed column, the first 3 questions as read, and imports with the mapping chosen', async () => {
    const interopImport = jest.fn(async () => outcome);
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, {
      api: { interopPreview: async () => sheetPreview(), interopImport },
    });
    const file = choose('bank.csv');
    expect(await screen.findByTestId('interop-mapping')).toHaveTextContent('we guessed which holds what');
    expect(screen.getByTestId('interop-mapping-question')).toHaveTextContent('Question Text');
    expect(screen.getByTestId('interop-mapping-options')).toHaveTextContent('Choice 1, Choice 2, Choice 3');
    expect(screen.getByTestId('interop-mapping-difficulty')).toHaveTextContent('— none —');
    // The server's preview is not shown: it is of the guess, and the tutor may change it.
    expect(screen.queryByTestId('interop-preview')).toBeNull();
    const read = () => screen.getAllByTestId('interop-mapping-question-read').map((q) => q.textContent);
    expect(read()).toEqual([
      'Capital of France?Multiple choice · A. Berlin  B. Paris  C. Rome · Answer: B · 2 marks',
      '2 + 2?Multiple choice · A. 3  B. 4  C. 5 · Answer: B · 1 mark',
      'Largest ocean?Multiple choice · A. Pacific  B. Indian  C. Arctic · Answer: A · 1 mark',
    ]);
    // The explanation as the question: the preview follows at once.
    pick('question', 'Explanation');
    expect(read()[0]).toMatch(/^Paris is\.Multiple choice/);
    pick('options', 'Choice 3'); // Choice 3 off: two options left
    expect(read()[0]).toContain('A. Berlin  B. Paris · Answer: B');
    expect(screen.getByTestId('interop-import-submit')).toHaveTextContent('Import');
    fireEvent.click(screen.getByTestId('interop-import-submit'));
    expect(await screen.findByTestId('interop-imported')).toBeInTheDocument();
    expect(interopImport).toHaveBeenCalledWith(file, {
      testId: 't1',
      sectionId: 's1',
      useFileSections: false,
      from: 'csv',
      mapping: { ...sheetPreview().sheet!.mapping, question: 5, options: [1, 2] },
    });
  });

  it('a sheet with the same header row as one imported before starts from the mapping it was imported with', async () => {
    localStorage.clear();
    const first = renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, {
      api: { interopPreview: async () => sheetPreview(), interopImport: jest.fn(async () => outcome) },
    });
    choose('bank.csv');
    await screen.findByTestId('interop-mapping');
    pick('question', 'Explanation');
    fireEvent.click(screen.getByTestId('interop-import-submit'));
    await screen.findByTestId('interop-imported');
    first.unmount();

    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, { api: { interopPreview: async () => sheetPreview() } });
    choose('next-week.csv');
    await screen.findByTestId('interop-mapping');
    await waitFor(() => expect(screen.getByTestId('interop-mapping-question')).toHaveTextContent('Explanation'));
    localStorage.clear();
  });

  it('without a question column nothing can be imported; a row the mapping cannot read names its problem', async () => {
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, { api: { interopPreview: async () => sheetPreview() } });
    choose('bank.csv');
    await screen.findByTestId('interop-mapping');
    pick('correct', '— none —');
    expect(within(screen.getByTestId('interop-errors')).getAllByTestId('interop-problem')[0]).toHaveTextContent('Question 1: No correct answer');
    pick('question', '— none —');
    expect(screen.getByTestId('interop-mapping-no-question')).toHaveTextContent('Choose the column that holds the questions.');
    expect(screen.getByTestId('interop-import-submit')).toBeDisabled();
  });

  it.each([
    ['vi', 'Cột nào chứa gì?', 'Đáp án đúng', 'Nhập'],
    ['ko', '어느 열에 무엇이 있나요?', '정답', '가져오기'],
  ] as const)('is translated (%s)', async (language, title, correct, submit) => {
    renderWithProviders(<ImportDialog testId="t1" section={section} onClose={() => undefined} />, {
      api: { interopPreview: async () => sheetPreview() },
      language,
    });
    choose('bank.csv');
    expect(await screen.findByTestId('interop-mapping')).toHaveTextContent(title);
    expect(screen.getByText(correct)).toBeInTheDocument();
    expect(screen.getByTestId('interop-import-submit')).toHaveTextContent(submit);
  });
});

describe('ExportDialog', () => {
  const test = { _id: 't1', name: 'Địa lý' } as EditorTest;
  beforeAll(() => Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() }));

  it('downloads the test in the chosen format, then names what the format could not hold', async () => {
    const interopExportTest = jest.fn(async () => ({
      blob: new Blob(['x']),
      fileName: 'Địa lý.gift.txt',
      losses: [
        { code: 'marks', count: 3, questions: ['1', '2', '5.1'], message: "GIFT has no marks: 3 questions' marks dropped" },
        { code: 'sections', count: 2, questions: ['1', '4'], message: 'GIFT has no sections: 2 section names dropped' },
      ],
    }));
    renderWithProviders(<ExportDialog test={test} onClose={() => undefined} />, { api: { interopExportTest }, language: 'ko' });
    fireEvent.click(screen.getByLabelText(/GIFT \(\.txt\)/));
    fireEvent.click(screen.getByRole('button', { name: '다운로드' }));
    expect(await screen.findByTestId('interop-downloaded')).toHaveTextContent('Địa lý.gift.txt');
    expect(interopExportTest).toHaveBeenCalledWith('t1', 'gift');
    const losses = screen.getByTestId('interop-losses');
    expect(losses).toHaveTextContent('GIFT (.txt)에 담을 수 없는 것');
    expect(
      within(losses)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['배점 없음: 3문항의 배점 제외 (1, 2, 5.1)', '섹션 없음: 섹션 이름 2개 제외 (1, 4)']);
  });

  it('says so when nothing was left out, and shows a refused export', async () => {
    // The server's error comes back as a Blob (the call asks for one); jsdom's Blob cannot read itself.
    const json = JSON.stringify({ message: 'This test does not exist, or it is not in your library.' });
    const body = Object.assign(new Blob([json]), { text: async () => json });
    const interopExportTest = jest
      .fn()
      .mockResolvedValueOnce({ blob: new Blob(['x']), fileName: 'a.qti.zip', losses: [] })
      .mockRejectedValueOnce(
        new AxiosError('404', 'ERR', undefined, undefined, { status: 404, data: body, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } }),
      );
    renderWithProviders(<ExportDialog test={test} onClose={() => undefined} />, { api: { interopExportTest } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByTestId('interop-no-losses')).toHaveTextContent('Nothing was left out: QTI 3.0 package (.zip) holds everything in this test.');
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(screen.getByTestId('interop-export-failed')).toHaveTextContent('The export failed: This test does not exist, or it is not in your library.'),
    );
  });
});
