import { addQuestions, addSection, findSection, updateSection, type EditContext } from './operations';
import type { QuestionDraft } from './normalize';
import type { Test } from './types';

/** A Word document's questions as uploaded: a block before any `Section:` line (name null), then one per `Section:` line. */
export interface DocumentSection {
  name: string | null;
  questions: QuestionDraft[];
}

export interface DocumentPlacement {
  questions: number;
  /** Sections made from the document's `Section:` lines. */
  sectionsCreated: number;
  /** The chosen section, empty before and left empty by the document's first block, took the first `Section:` and its name. */
  renamed: { from: string; to: string } | null;
  /** `Section:` names not used (every question went into the chosen section). */
  ignoredSections: string[];
}

/**
 * Puts a Word document's questions into a test, in one change (issue 14: an upload was many calls,
 * and one that died part-way left part of the document in the test). Where they go is the user's
 * choice:
 * - into the chosen section, all of them (`Section:` lines only named in the answer), or
 * - the document's sections: what comes before its first `Section:` into the chosen section, each
 *   `Section:` a new section. A chosen section that was empty and would stay empty takes the first
 *   `Section:` (questions and name) instead, so no empty section is left behind unsaid.
 */
export function placeDocument(test: Test, sectionId: string, sections: DocumentSection[], useDocumentSections: boolean, ctx: EditContext): DocumentPlacement {
  const chosen = findSection(test, sectionId);
  const placement: DocumentPlacement = { questions: 0, sectionsCreated: 0, renamed: null, ignoredSections: [] };
  const add = (target: string, drafts: QuestionDraft[], at: number) => {
    if (!drafts.length) return;
    addQuestions(test, target, drafts, ctx, undefined, `sections.${at}.questions`);
    placement.questions += drafts.length;
  };
  if (!useDocumentSections) {
    sections.forEach((section, at) => {
      if (section.name !== null) placement.ignoredSections.push(section.name);
      add(sectionId, section.questions, at);
    });
    return placement;
  }
  const fillsChosen = chosen.questions.length === 0 && !sections.some((s) => s.name === null && s.questions.length > 0);
  sections.forEach((section, at) => {
    if (section.name === null) return add(sectionId, section.questions, at);
    if (fillsChosen && placement.renamed === null) {
      placement.renamed = { from: chosen.name, to: section.name };
      updateSection(test, sectionId, { name: section.name });
      return add(sectionId, section.questions, at);
    }
    const made = addSection(test, { name: section.name }, ctx.ids);
    placement.sectionsCreated += 1;
    add(made._id, section.questions, at);
  });
  return placement;
}
