import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { inScope, type LibraryScope } from '../../access';
import type { Selection } from '../library/selection';
import { applySelection } from '../library/selectionRepository';

/**
 * The SQL of questions in and out: which tests a library selection names. Reading a test and
 * writing an import go through the editor's repository (its visibility rule and its one
 * transaction per change), so an import obeys the editor's rules and nothing else.
 */
export class InteropRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The selection's tests in the scope (My Library, or the Global Library), by name: ids and names only, at most `limit` + 1. */
  async selectedTests(scope: LibraryScope, selection: Selection, limit: number): Promise<{ id: string; name: string }[]> {
    const query = this.db.selectFrom('tests as t').where(inScope<'tests'>(scope) as any);
    return (await applySelection(query, selection, 'tests')
      .select(['t.id', 't.name'])
      .orderBy('t.name')
      .orderBy('t.id')
      .limit(limit + 1)
      .execute()) as { id: string; name: string }[];
  }
}
