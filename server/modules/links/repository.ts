import { sql, type ExpressionBuilder, type Expression } from 'kysely';
import type { Database } from '../../db/schema';

export interface TestLinks {
  chapters: { _id: string; name: string }[];
  batches: { _id: string; name: string }[];
}

/**
 * A subquery: per test among `testIds`, the chapters and batches of one organisation it is
 * linked to (by name), as `{ test_id, chapters, batches }` rows. Links whose chapter or batch is
 * gone are left out. Part of the listing's single statement.
 */
export function linksOf<DB extends Database, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, orgId: string, testIds: Expression<any>) {
  const linked = (kind: 'chapter' | 'batch') =>
    sql`coalesce(json_agg(json_build_object('_id', l.target_id, 'name', coalesce(c.name, b.name)) order by coalesce(c.name, b.name))
      filter (where l.kind = ${kind} and coalesce(c.name, b.name) is not null), '[]')`;
  return (eb as unknown as ExpressionBuilder<Database, never>)
    .selectFrom('test_links as l')
    .leftJoin('chapters as c', (join) => join.onRef('c.id', '=', 'l.target_id').on('l.kind', '=', 'chapter'))
    .leftJoin('batches as b', (join) => join.onRef('b.id', '=', 'l.target_id').on('l.kind', '=', 'batch'))
    .select(['l.test_id', linked('chapter').as('chapters'), linked('batch').as('batches')])
    .where('l.org_id', '=', orgId)
    .where('l.test_id', 'in', testIds as any)
    .groupBy('l.test_id');
}
