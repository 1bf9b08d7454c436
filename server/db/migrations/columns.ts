import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

/*
 * Column definitions the migrations share (issue 18: one shape). A migration that has run must
 * make the same schema when it runs on a new database: never change what these make; add a new
 * helper instead.
 */

/** A required reference to `target` ('table.column'): the row is deleted with what it belongs to. */
export const belongsTo = (target: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(target).onDelete('cascade');

/** A time the database sets when the row is written (unless the insert gives one). */
export const writtenAt = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`now()`);

/** A table of an organisation's records: a text id, and the organisation, whose deletion takes the rows with it. */
export const createOrgTable = (db: Kysely<any>, table: string) =>
  db.schema
    .createTable(table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', belongsTo('organizations.id'));

/** When the row was made and last changed (`$call(timestamps)`). */
export const timestamps = (table: CreateTableBuilder<any, any>) =>
  table.addColumn('created_at', 'timestamptz', writtenAt).addColumn('updated_at', 'timestamptz', writtenAt);
