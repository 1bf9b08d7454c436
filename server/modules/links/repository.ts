import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface TestLinks {
  chapters: { _id: string; name: string }[];
  batches: { _id: string; name: string }[];
}

/** The chapters and batches each test is linked to, for one organisation. */
export async function linksFor(db: Kysely<Database>, orgId: string, testIds: string[]): Promise<Map<string, TestLinks>> {
  const result = new Map<string, TestLinks>(testIds.map((id) => [id, { chapters: [], batches: [] }]));
  if (testIds.length === 0) return result;
  // One query for both kinds of link.
  const rows = await db
    .selectFrom('test_links as l')
    .leftJoin('chapters as c', (join) => join.onRef('c.id', '=', 'l.target_id').on('l.kind', '=', 'chapter'))
    .leftJoin('batches as b', (join) => join.onRef('b.id', '=', 'l.target_id').on('l.kind', '=', 'batch'))
    .select(['l.test_id', 'l.kind', 'l.target_id', sql<string>`coalesce(c.name, b.name)`.as('name')])
    .where('l.org_id', '=', orgId)
    .where('l.test_id', 'in', testIds)
    .orderBy(sql`coalesce(c.name, b.name)`)
    .execute();
  for (const row of rows) {
    if (row.name === null) continue; // a link whose chapter or batch is gone
    const links = result.get(row.test_id)!;
    (row.kind === 'chapter' ? links.chapters : links.batches).push({ _id: row.target_id, name: row.name });
  }
  return result;
}
