import { type Kysely, sql } from 'kysely';

/**
 * A version per library, for the listing cache (server/modules/library/listingCache.ts).
 *
 * `library` is `library_key(is_global, org_id, owner_id)`: 'global' for the Global Library, else
 * 'org/owner' (My Library). Statement-level triggers bump it in the same transaction as every
 * write that changes what a listing shows, whatever code makes the write: folders and tests
 * (insert, update, delete; a move or a share touches the libraries on both sides), test links,
 * and the names of chapters and batches that listed tests are linked to. A listing that reads
 * the version it was cached under is therefore as new as the database.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table library_versions (library text primary key, version bigint not null)`.execute(db);

  await sql`create function library_key(is_global boolean, org_id text, owner_id text) returns text
    language sql immutable as $$ select case when is_global then 'global' else org_id || '/' || owner_id end $$`.execute(db);

  // Keys in a fixed order, so that two transactions bumping the same libraries lock their rows
  // in the same order.
  await sql`create function bump_library_versions(libraries text[]) returns void language sql as $$
    insert into library_versions as v (library, version)
    select distinct l, 1 from unnest(libraries) l where l is not null order by 1
    on conflict (library) do update set version = v.version + 1
  $$`.execute(db);

  // One trigger function for every table: TG_ARGV[0] is a query giving the libraries a changed
  // row `r` belongs to. It runs once per statement, over the statement's transition tables.
  await sql`create function library_rows_changed() returns trigger language plpgsql as $$
  declare
    changed_rows text := case TG_OP
      when 'INSERT' then 'select * from new_rows'
      when 'DELETE' then 'select * from old_rows'
      else 'select * from old_rows union all select * from new_rows' end;
  begin
    execute format('select bump_library_versions(array(select library from (%s) r cross join lateral (%s) libraries(library)))',
      changed_rows, TG_ARGV[0]);
    return null;
  end $$`.execute(db);

  // A truncate (never done by the server) changes every library.
  await sql`create function library_tables_truncated() returns trigger language plpgsql as $$
  begin
    update library_versions set version = version + 1;
    return null;
  end $$`.execute(db);

  const ofRow = `select library_key(r.is_global, r.org_id, r.owner_id)`;
  // A link belongs to the library of its test. Links deleted with their test are covered by the
  // test's own delete (the test is gone by then, so this finds nothing).
  const ofLink = `select library_key(t.is_global, t.org_id, t.owner_id) from tests t where t.id = r.test_id`;
  // Listings show the names of linked chapters and batches: a rename or a delete changes the
  // listings of every library with a test linked to one.
  const ofLinkTarget = (kind: string) =>
    `select library_key(t.is_global, t.org_id, t.owner_id) from test_links l join tests t on t.id = l.test_id where l.kind = '${kind}' and l.target_id = r.id`;
  const triggers: [table: string, librariesOfRow: string, events: ('insert' | 'update' | 'delete')[]][] = [
    ['folders', ofRow, ['insert', 'update', 'delete']],
    ['tests', ofRow, ['insert', 'update', 'delete']],
    ['test_links', ofLink, ['insert', 'update', 'delete']],
    ['chapters', ofLinkTarget('chapter'), ['update', 'delete']],
    ['batches', ofLinkTarget('batch'), ['update', 'delete']],
  ];
  for (const [table, librariesOfRow, events] of triggers) {
    // Transition tables allow one event per trigger.
    for (const event of events) {
      const referencing = { insert: 'new table as new_rows', update: 'old table as old_rows new table as new_rows', delete: 'old table as old_rows' }[event];
      const argument = `'${librariesOfRow.replace(/'/g, "''")}'`;
      await sql
        .raw(
          `create trigger ${table}_${event}_library_version after ${event} on ${table} referencing ${referencing} for each statement execute function library_rows_changed(${argument})`,
        )
        .execute(db);
    }
    await sql
      .raw(`create trigger ${table}_truncate_library_version after truncate on ${table} for each statement execute function library_tables_truncated()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['folders', 'tests', 'test_links', 'chapters', 'batches']) {
    for (const event of ['insert', 'update', 'delete', 'truncate'])
      await sql.raw(`drop trigger if exists ${table}_${event}_library_version on ${table}`).execute(db);
  }
  for (const fn of ['library_tables_truncated()', 'library_rows_changed()', 'bump_library_versions(text[])', 'library_key(boolean, text, text)']) {
    await sql.raw(`drop function ${fn}`).execute(db);
  }
  await sql`drop table library_versions`.execute(db);
}
