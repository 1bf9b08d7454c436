import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface TestLinks {
  chapters: { _id: string; name: string }[];
  batches: { _id: string; name: string }[];
}

/** The chapters and batches each test is linked to, for one organisation. */
export async function linksFor(db: Kysely<Database>, orgId: string, testIds: string[]): Promise<Map<string, TestLinks>> {
  const result = new Map<string, TestLinks>(testIds.map((id) => [id, { chapters: [], batches: [] }]));
  if (testIds.length === 0) return result;
  const [chapters, batches] = await Promise.all([
    db
      .selectFrom('test_links as l')
      .innerJoin('chapters as c', 'c.id', 'l.target_id')
      .select(['l.test_id', 'c.id', 'c.name'])
      .where('l.org_id', '=', orgId)
      .where('l.kind', '=', 'chapter')
      .where('l.test_id', 'in', testIds)
      .orderBy('c.name')
      .execute(),
    db
      .selectFrom('test_links as l')
      .innerJoin('batches as b', 'b.id', 'l.target_id')
      .select(['l.test_id', 'b.id', 'b.name'])
      .where('l.org_id', '=', orgId)
      .where('l.kind', '=', 'batch')
      .where('l.test_id', 'in', testIds)
      .orderBy('b.name')
      .execute(),
  ]);
  for (const row of chapters) result.get(row.test_id)!.chapters.push({ _id: row.id, name: row.name });
  for (const row of batches) result.get(row.test_id)!.batches.push({ _id: row.id, name: row.name });
  return result;
}
