import type { DocumentUpload } from '@shared/api/testTypes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Endpoints } from '@shared/api/endpoints';
import type { EditorSection, EditorTest } from '@shared/api/testTypes';
import { UploadWordDialog } from '@portal/features/editor/wordUpload/UploadWordDialog';
import { makeUser, renderWithProviders } from '@portal/test-utils';
import { buildDocx, omml, type Block } from '../support/docx';
import { png } from '../support/pictures';

describe('UploadWordDialog', () => {
  const section = { _id: 's1', name: 'Part A', questions: [] } as unknown as EditorSection;
  /** The test as getTest answers it, holding `questions` (none unless given). */
  const storedTest =
    (...questions: object[]) =>
    async () =>
      ({ sections: [{ ...section, questions }] }) as unknown as EditorTest;
  const renderWith = (api: Partial<Endpoints>) =>
    renderWithProviders(<UploadWordDialog testId="t1" section={section} onClose={() => undefined} />, {
      preloadedAuth: { user: makeUser({ enableViduParser: true }) },
      api: { getTest: storedTest(), ...api },
    });
  const renderUpload = () => renderWith({});

  /** Chooses a .docx on the file input (jsdom's File has no arrayBuffer: it is given one). */
  const choose = (body: Block[], name = 'questions.docx') => {
    const bytes = buildDocx({ body });
    const file = Object.assign(new File([bytes as Uint8Array<ArrayBuffer>], name), {
      arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    });
    fireEvent.change(screen.getByTestId('word-file-input'), { target: { files: [file] } });
  };

  it('offers the engines with the second selected, and the guide and sample links', async () => {
    const { api } = renderUpload();
    expect(screen.getByText('Questions go to the section Part A')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /^Numbered text/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^Tables/ })).not.toBeChecked();
    expect(api.parserEngines).toHaveBeenCalledWith('o1');
    expect(screen.getByTestId('word-guide-link')).toBeInTheDocument();
    expect(screen.getByTestId('word-upload-submit')).toBeDisabled();
  });

  it('lists what a partly broken document leaves out and lets the rest upload; a document with nothing readable keeps Upload disabled', async () => {
    renderUpload();
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose(['1. What is the capital of France?', '(a) Paris', '(b) Rome', { runs: ['2. ', { text: 'ikuh', font: 'Kruti Dev 010' }] }, 'Ans: 4'], 'broken.docx');
    expect(await screen.findByTestId('word-errors')).toBeInTheDocument();
    expect(screen.getByTestId('word-file-name')).toHaveTextContent('broken.docx');
    const codes = screen.getAllByTestId('word-problem').map((item) => item.getAttribute('data-code'));
    expect(codes).toEqual(expect.arrayContaining(['answerNotMarked', 'legacyFont']));
    expect(screen.getByTestId('word-upload-submit')).toBeEnabled();
    expect(screen.getAllByTestId('word-preview-question')).toHaveLength(1);
    choose([{ runs: [{ text: 'ikuh dk', font: 'Kruti Dev 010' }] }], 'nothing.docx');
    expect(await screen.findByTestId('word-blocking')).toBeInTheDocument();
    expect(screen.getByTestId('word-upload-submit')).toBeDisabled();
  });

  it('enables Upload for a good document, with the count of what it found', async () => {
    renderUpload();
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose([
      '1. What is the capital of France?',
      '(a) Paris',
      '(b) Rome',
      'Ans: a',
      '2. The sun is a star.',
      'Ans: True',
      '3. How many legs has a spider?',
      'Ans: 8',
    ]);
    expect(await screen.findByTestId('word-no-problems')).toBeInTheDocument();
    expect(screen.getByText('3 questions found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('word-upload-submit')).toBeEnabled());
    expect(screen.getByTestId('word-upload-submit')).toHaveTextContent('Upload 3 questions');
  });

  it('previews maths rendered with KaTeX and pictures as thumbnails drawn from the document (issue 29)', async () => {
    const created: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => `blob:picture-${created.push(blob)}`);
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const { unmount } = renderUpload();
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose([
      { runs: ['1. If $n$ cells each of emf $E$ are joined, and ', { math: omml.fraction('1', '2') }, ' of them fail, what is \\(x^2\\)?'] },
      { runs: [{ picture: png(40, 30, [0, 120, 212]), widthPx: 80, heightPx: 60 }] },
      '(a) $nE$',
      '(b) $E$',
      'Ans: a',
    ]);
    const question = await screen.findByTestId('word-preview-question');
    // The text's four formulas and the options' two, typeset; nothing of their source shows.
    expect(question.querySelectorAll('.katex').length).toBeGreaterThanOrEqual(6);
    expect(question.textContent).not.toMatch(/\$|\\frac|\\\(/);
    expect(question.textContent).toContain('If ');
    // The picture, read from the .docx before anything is uploaded, as a small <img> through an object URL.
    const thumbnail = await within(question).findByTestId('preview-picture');
    expect(thumbnail.tagName).toBe('IMG');
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:picture-\d+$/);
    expect(thumbnail).toHaveAccessibleName('Picture (80 × 60 px · 1 KB)');
    expect(created.at(-1)!.type).toBe('image/png');
    // Closing the dialog frees the picture's memory.
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith(thumbnail.getAttribute('src'));
  });

  const GOOD: Block[] = ['1. The sun is a star.', 'Ans: True', '2. How many legs has a spider?', 'Ans: 8'];
  /** The server's answer to an upload: what it placed (one call for the whole document). */
  const placed = async (arg: DocumentUpload) =>
    ({
      questions: arg.sections.reduce((n, s) => n + s.questions.length, 0),
      sectionsCreated: arg.useDocumentSections ? arg.sections.filter((s) => s.name).length : 0,
      renamed: null,
      ignoredSections: arg.useDocumentSections ? [] : arg.sections.flatMap((s) => (s.name ? [s.name] : [])),
    }) as never;

  it('a document with Section: lines asks where its questions go; the section chosen is the default (issue 14)', async () => {
    const { api } = renderWith({ uploadDocument: placed });
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose(['Section: Part A', ...GOOD, 'Section: Part B', '3. Water boils at 100 °C at sea level.', 'Ans: True']);
    const choice = await screen.findByTestId('word-section-choice');
    expect(within(choice).getByRole('radio', { name: /^All into / })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: 'Into 2 sections, as the document says: Part A, Part B' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId('word-upload-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('word-upload-submit'));
    expect(await screen.findByTestId('word-uploaded')).toHaveTextContent("3 questions added. The document's 2 section headings were not used: Part A, Part B.");
    expect(api.uploadDocument).toHaveBeenCalledWith(expect.objectContaining({ useDocumentSections: false }));
  });

  it("choosing the document's sections sends that choice", async () => {
    const { api } = renderWith({ uploadDocument: placed });
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose(['Section: Part A', ...GOOD]);
    fireEvent.click(within(await screen.findByTestId('word-section-choice')).getByRole('radio', { name: /^Into a section of their own/ }));
    await waitFor(() => expect(screen.getByTestId('word-upload-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('word-upload-submit'));
    expect(await screen.findByTestId('word-uploaded')).toHaveTextContent('2 questions added. 1 new section created.');
    expect(api.uploadDocument).toHaveBeenCalledWith(expect.objectContaining({ useDocumentSections: true }));
  });

  it('uploads into the section and says how many questions were added', async () => {
    const { api, store } = renderWith({
      uploadDocument: placed,
    });
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose(GOOD);
    await waitFor(() => expect(screen.getByTestId('word-upload-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('word-upload-submit'));
    expect(await screen.findByTestId('word-uploaded')).toHaveTextContent('2 questions added.');
    expect(api.checkFonts).toHaveBeenCalledWith(['Calibri']);
    expect(api.uploadDocument).toHaveBeenCalledWith(expect.objectContaining({ testId: 't1', sectionId: 's1', useDocumentSections: false }));
    expect(api.uploadDocument).toHaveBeenCalledTimes(1);
    expect(store.getState().ui.toasts.map((toast) => [toast.intent, toast.body])).toEqual([['success', '2 questions added.']]);
  });

  it('keeps the dialog open with the reason when the upload fails', async () => {
    renderWith({
      uploadDocument: async () => {
        throw new Error('offline');
      },
    });
    await screen.findByRole('radio', { name: /^Numbered text/ });
    choose(GOOD);
    await waitFor(() => expect(screen.getByTestId('word-upload-submit')).toBeEnabled());
    fireEvent.click(screen.getByTestId('word-upload-submit'));
    expect(await screen.findByTestId('word-upload-failed')).toHaveTextContent('Nothing was added: Something went wrong');
    expect(screen.getByTestId('word-upload-submit')).toBeEnabled();
  });

  describe('a document whose questions are in the test already', () => {
    const SUN = { type: 'true_false', name: '<p>The sun is a star.</p>', options: [{ name: 'True' }, { name: 'False' }] };
    const SPIDER = { type: 'integer', name: '<p>How many legs has a spider?</p>', solution: '8' };
    const uploadGood = async (api: Partial<Endpoints>) => {
      const rendered = renderWith({ uploadDocument: placed, ...api });
      await screen.findByRole('radio', { name: /^Numbered text/ });
      choose(GOOD);
      await waitFor(() => expect(screen.getByTestId('word-upload-submit')).toBeEnabled());
      fireEvent.click(screen.getByTestId('word-upload-submit'));
      return rendered;
    };
    const sentNames = (api: { uploadDocument: jest.Mock }) =>
      api.uploadDocument.mock.calls.flatMap(([arg]) => arg.sections.flatMap((s: { questions: { name: string }[] }) => s.questions.map((q) => q.name)));

    it('asks first when some are: only the new ones are added', async () => {
      const { api } = await uploadGood({ getTest: storedTest(SUN) });
      const notice = await screen.findByTestId('duplicates-notice');
      expect(notice).toHaveTextContent('1 of the 2 questions is already in this test: this document may have been uploaded before.');
      expect(api.getTest).toHaveBeenCalledWith('t1');
      expect(api.uploadDocument).not.toHaveBeenCalled();
      fireEvent.click(within(notice).getByTestId('duplicates-skip'));
      expect(await screen.findByTestId('word-uploaded')).toHaveTextContent('1 question added.');
      expect(sentNames(api)).toEqual(['<p>How many legs has a spider?</p>']);
    });

    it('when all are, "Add only the new ones" is not offered; "Upload them again" sends them all', async () => {
      const { api } = await uploadGood({ getTest: storedTest(SPIDER, SUN) });
      const notice = await screen.findByTestId('duplicates-notice');
      expect(notice).toHaveTextContent('All 2 questions are already in this test');
      expect(within(notice).queryByTestId('duplicates-skip')).toBeNull();
      fireEvent.click(within(notice).getByTestId('duplicates-upload-again'));
      expect(await screen.findByTestId('word-uploaded')).toHaveTextContent('2 questions added.');
      expect(sentNames(api)).toHaveLength(2);
    });

    it('Cancel goes back to the document, nothing sent', async () => {
      const { api } = await uploadGood({ getTest: storedTest(SUN) });
      fireEvent.click(await screen.findByTestId('duplicates-cancel'));
      await waitFor(() => expect(screen.queryByTestId('duplicates-notice')).toBeNull());
      expect(screen.getByTestId('word-upload-submit')).toBeEnabled();
      expect(api.uploadDocument).not.toHaveBeenCalled();
    });

    it('a test that cannot be read stops the upload with the reason, nothing sent', async () => {
      const { api } = await uploadGood({
        getTest: async () => {
          throw new Error('offline');
        },
      });
      expect(await screen.findByTestId('word-upload-failed')).toHaveTextContent('Nothing was added: Something went wrong');
      expect(api.uploadDocument).not.toHaveBeenCalled();
    });
  });
});
