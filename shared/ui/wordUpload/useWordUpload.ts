import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParserEngineInfo } from '../../api/parser';
import { errorMessage } from '../../api/client';
import type { Endpoints } from '../../api/endpoints';
import { questionsAlreadyIn, withoutQuestions } from '../../parser/duplicates';
import { DEFAULT_PARSER_ENGINE, type ParserEngine } from '../../parser/engines';
import { parseDocument } from '../../parser/parseDocument';
import { blocksUpload, type ParsedDocument } from '../../parser/types';
import { missingFonts, uploadDocument, type UploadApi, type UploadProgress } from '../../parser/upload';
import type { DocumentPlacement } from '../../domain/test/wordDocument';

/** Where an upload goes: the test, the section the user chose, and whether the document's `Section:` lines make sections. */
export interface UploadTarget {
  testId: string;
  sectionId: string;
  useDocumentSections?: boolean;
}

export type WordUploadState =
  | { step: 'empty' }
  | { step: 'reading' }
  | { step: 'parsed'; parsed: ParsedDocument }
  | { step: 'checkingFonts'; parsed: ParsedDocument }
  | { step: 'missingFonts'; parsed: ParsedDocument; faces: string[] }
  /** Questions of the document are in the test already; `newOnly` is the document without them. */
  | { step: 'duplicates'; parsed: ParsedDocument; newOnly: ParsedDocument }
  | { step: 'uploading'; parsed: ParsedDocument; progress: UploadProgress | null }
  | { step: 'uploaded'; parsed: ParsedDocument; placement: DocumentPlacement }
  | { step: 'failed'; parsed: ParsedDocument; reason: string };

/**
 * The Word upload as the portal's Upload word file modal and the add-in's task pane both run it:
 * read a .docx with the chosen engine (the second listed is the default), show what was found,
 * check the fonts (missing ones open the missing-font modal, and the upload waits for them), ask
 * when questions of the document are in the test already, then upload pictures and questions
 * into the target section.
 */
export function useWordUpload(
  api: UploadApi & Pick<Endpoints, 'getTest'> & { parserEngines: (orgId: string) => Promise<ParserEngineInfo[]> },
  orgId: string | null,
) {
  const [engines, setEngines] = useState<ParserEngineInfo[]>([]);
  const [engine, setEngine] = useState<ParserEngine>(DEFAULT_PARSER_ENGINE);
  const [state, setState] = useState<WordUploadState>({ step: 'empty' });
  const file = useRef<{ bytes: Uint8Array; result: ReturnType<typeof parseDocument> } | null>(null);

  useEffect(() => {
    if (!orgId) return;
    let live = true;
    api.parserEngines(orgId).then(
      (list) => {
        if (!live) return;
        setEngines(list);
        // Spec: the second engine in the list is the default.
        setEngine((list[1] ?? list[0])?.id ?? DEFAULT_PARSER_ENGINE);
      },
      () => undefined, // the default engine still works without the list
    );
    return () => {
      live = false;
    };
  }, [api, orgId]);

  const parse = useCallback((bytes: Uint8Array, using: ParserEngine) => {
    setState({ step: 'reading' });
    // Let "Reading the document…" paint before the parser takes the thread.
    setTimeout(() => {
      const result = parseDocument(bytes, using);
      file.current = { bytes, result };
      setState({ step: 'parsed', parsed: result });
    }, 0);
  }, []);

  const read = useCallback((bytes: Uint8Array) => parse(bytes, engine), [engine, parse]);
  const chooseEngine = useCallback(
    (next: ParserEngine) => {
      setEngine(next);
      if (file.current) parse(file.current.bytes, next);
    },
    [parse],
  );

  /** Uploads `sending` (the whole document unless its duplicates were left out); the state keeps the document as read. */
  const send = useCallback(
    async (parsed: ParsedDocument, target: UploadTarget, sending = parsed) => {
      setState({ step: 'uploading', parsed, progress: null });
      try {
        const done = await uploadDocument(api, {
          ...target,
          parsed: sending,
          pictureBytes: (path) => file.current?.result.pictureBytes(path) ?? null,
          onProgress: (progress) => setState({ step: 'uploading', parsed, progress }),
        });
        const placement: DocumentPlacement = {
          questions: done.questions,
          sectionsCreated: done.sectionsCreated,
          renamed: done.renamed,
          ignoredSections: done.ignoredSections,
        };
        setState({ step: 'uploaded', parsed, placement });
        return placement;
      } catch (error) {
        setState({ step: 'failed', parsed, reason: errorMessage(error) });
        return null;
      }
    },
    [api],
  );

  /** Reads the test first: when questions of the document are in it already, the user is asked (the 'duplicates' step) instead of sending. */
  const sendUnlessDuplicates = useCallback(
    async (parsed: ParsedDocument, target: UploadTarget) => {
      // Reading the test is the upload's first call, so it shows as the upload starting.
      setState({ step: 'uploading', parsed, progress: null });
      let found;
      try {
        found = questionsAlreadyIn(await api.getTest(target.testId), parsed);
      } catch (error) {
        // Not knowing what the test holds, uploading could add the duplicates this check is for.
        setState({ step: 'failed', parsed, reason: errorMessage(error) });
        return null;
      }
      if (found.size === 0) return send(parsed, target);
      setState({ step: 'duplicates', parsed, newOnly: withoutQuestions(parsed, found) });
      return null;
    },
    [api, send],
  );

  const target = useRef<UploadTarget | null>(null);
  /** Checks the fonts and the test, then uploads; it stops at the missing-font modal or the duplicates notice when either has something to ask. */
  const upload = useCallback(
    async (to: UploadTarget) => {
      if (state.step !== 'parsed' && state.step !== 'failed') return null;
      const { parsed } = state;
      if (blocksUpload(parsed)) return null;
      target.current = to;
      setState({ step: 'checkingFonts', parsed });
      let faces: string[];
      try {
        faces = await missingFonts(api, parsed.fonts);
      } catch (error) {
        setState({ step: 'failed', parsed, reason: errorMessage(error) });
        return null;
      }
      if (faces.length) {
        setState({ step: 'missingFonts', parsed, faces });
        return null;
      }
      return sendUnlessDuplicates(parsed, to);
    },
    [api, sendUnlessDuplicates, state],
  );
  /** The missing-font modal's Continue: every face is uploaded now, so the pending upload proceeds. */
  const fontsAdded = useCallback(
    () => (state.step === 'missingFonts' && target.current ? sendUnlessDuplicates(state.parsed, target.current) : Promise.resolve(null)),
    [sendUnlessDuplicates, state],
  );
  const fontsCancelled = useCallback(() => state.step === 'missingFonts' && setState({ step: 'parsed', parsed: state.parsed }), [state]);
  /** The duplicates notice's choices: the whole document after all, only its new questions (when it has any), or nothing. */
  const uploadAgain = useCallback(
    () => (state.step === 'duplicates' && target.current ? send(state.parsed, target.current) : Promise.resolve(null)),
    [send, state],
  );
  const skipDuplicates = useCallback(
    () =>
      state.step === 'duplicates' && state.newOnly.questionCount > 0 && target.current
        ? send(state.parsed, target.current, state.newOnly)
        : Promise.resolve(null),
    [send, state],
  );
  const duplicatesCancelled = useCallback(() => state.step === 'duplicates' && setState({ step: 'parsed', parsed: state.parsed }), [state]);
  const reset = useCallback(() => {
    file.current = null;
    setState({ step: 'empty' });
  }, []);
  /** A picture of the document read (its `docx:` path), for the preview's thumbnails before anything is uploaded. */
  const pictureBytes = useCallback((path: string) => file.current?.result.pictureBytes(path) ?? null, []);

  return {
    engines,
    engine,
    chooseEngine,
    state,
    read,
    upload,
    fontsAdded,
    fontsCancelled,
    uploadAgain,
    skipDuplicates,
    duplicatesCancelled,
    reset,
    pictureBytes,
  };
}
