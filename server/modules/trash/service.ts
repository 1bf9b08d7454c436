import type { TrashRestoredItem } from '@shared/contract/trash';
import { findSection, htmlText, questionsLeaving, restoreQuestion, type Question, type QuestionPlace, type Test } from '@shared/domain/test';
import { serverMessage } from '@shared/i18n/serverMessages';
import type { Language } from '@shared/i18n/languages';
import { AppError } from '../../http/errors';
import type { Caller, LibraryScope } from '../../access';
import type { TestEditorRepository } from '../editor/repository';
import type { TrashRepository } from './repository';

const QUESTION_NAME_MAX = 200;

/** A question's name in the Trash: its text (a picture-only question: its number). */
function questionName(question: Question): string {
  const text = htmlText(question.name);
  return text ? text.slice(0, QUESTION_NAME_MAX) : `#${question.order}`;
}

/** What a delete of questions puts in the Trash: each question (copied before the delete changes the test) and where it was. */
export function trashedQuestionsOf(test: Test, sectionId: string, questionIds: string[]) {
  const section = findSection(test, sectionId);
  return {
    questions: questionsLeaving(test, sectionId, questionIds).map(({ question, place }) => ({
      question: structuredClone(question),
      place,
      name: questionName(question),
    })),
    location: [test.name, section.name],
  };
}

const KIND_ORDER = { folder: 0, test: 1, question: 2 } as const;

/**
 * The Trash's listing, restore and delete for good (issue 17). A restore takes folders first,
 * then tests, then questions (so a test restored with its folder finds it, and a question its
 * test); among them the latest deleted first, and a delete's questions in their order, so each
 * lands where it was.
 */
export class TrashService {
  constructor(
    private readonly trash: TrashRepository,
    private readonly tests: TestEditorRepository,
  ) {}

  list(scope: LibraryScope, page: { limit: number; offset: number }) {
    return this.trash.list(scope, page);
  }

  async restore(caller: Caller, scope: LibraryScope, ids: string[], lang: Language): Promise<TrashRestoredItem[]> {
    const items = await this.trash.items(scope, ids);
    items.sort(
      (a, b) =>
        KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
        new Date(b.deleted_at).getTime() - new Date(a.deleted_at).getTime() ||
        Number((a.origin as { index?: number }).index ?? 0) - Number((b.origin as { index?: number }).index ?? 0),
    );
    const restored: TrashRestoredItem[] = [];
    for (const item of items) {
      if (item.kind === 'question') {
        restored.push(await this.restoreQuestion(caller, item.id, item.origin as unknown as QuestionPlace & { testId: string }, lang));
        continue;
      }
      const back = await this.trash.restoreRows(item.id);
      restored.push({
        id: item.id,
        kind: back.kind,
        name: back.name,
        placed: back.placed,
        testId: back.kind === 'test' ? back.itemId : null,
        note: back.placed === 'root' ? serverMessage(lang, 'trashRestoredToRoot') : null,
      });
    }
    return restored;
  }

  private async restoreQuestion(caller: Caller, id: string, origin: QuestionPlace & { testId: string }, lang: Language): Promise<TrashRestoredItem> {
    const visible = await this.tests.read(caller, origin.testId);
    if (!visible) throw new AppError(409, 'TRASH_TEST_GONE', 'trashTestGone');
    const { result } = await this.tests.change(caller, origin.testId, undefined, async (test, { trx }) => {
      const item = await this.trash.take(trx, id);
      const placement = restoreQuestion(test, item.rows as Question, origin);
      return { item, placement };
    });
    const { item, placement } = result;
    return {
      id,
      kind: 'question',
      name: item.name,
      placed: placement.placed,
      testId: origin.testId,
      note: placement.placed === 'otherSection' ? serverMessage(lang, 'trashRestoredOtherSection', { section: placement.sectionName }) : null,
    };
  }

  removeForGood(scope: LibraryScope, ids: string[]): Promise<number> {
    return this.trash.removeForGood(scope, ids);
  }

  purge(): Promise<number> {
    return this.trash.purge();
  }
}
