import { type Kysely, sql } from 'kysely';

/**
 * Issue 19: many server processes on one PostgreSQL behave as one.
 *
 * - Change notices: database triggers announce, with NOTIFY on `testforge_changes`, every change
 *   that a process may hold in memory: ended sessions, changed or deleted users and
 *   organisations, and renewed library versions. Triggers rather than code, as for the library
 *   versions (005): a logout through another process, the admin CLI or plain SQL is announced
 *   alike. NOTIFY is sent when the transaction commits, and not at all when it rolls back. Each
 *   process LISTENs (server/db/changes.ts) and drops what it kept. A payload is
 *   `topic:key key ...`, at most 100 keys (PostgreSQL refuses payloads of 8000 bytes or more).
 * - rate_limits: request rate limits counted in the database, for several processes without
 *   Redis (server/http/rateLimitStore.ts). Unlogged: a crash forgets the counts of the current
 *   minute, and no counter costs a WAL write.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function notify_changes(topic text, keys text[]) returns void language plpgsql as $$
  declare
    payload text;
  begin
    for payload in
      select topic || ':' || string_agg(k, ' ')
      from (select k, (row_number() over (order by k) - 1) / 100 as chunk from (select distinct k from unnest(keys) k where k is not null) d) c
      group by chunk
    loop
      perform pg_notify('testforge_changes', payload);
    end loop;
  end $$`.execute(db);

  // TG_ARGV[0]: the topic; TG_ARGV[1]: the key of a changed row r (null: nothing to announce).
  await sql`create function notify_rows_changed() returns trigger language plpgsql as $$
  declare
    keys text[];
  begin
    execute format('select array(select %s from %s r)', TG_ARGV[1], case TG_OP when 'DELETE' then 'old_rows' else 'new_rows' end) into keys;
    perform notify_changes(TG_ARGV[0], keys);
    return null;
  end $$`.execute(db);

  const announced: { table: string; topic: string; key: string; events: ('insert' | 'update' | 'delete')[] }[] = [
    // A session that has run out is refused by every process anyway (the hourly purge stays silent).
    { table: 'sessions', topic: 'session', key: `case when r.expires_at > now() then r.token_hash end`, events: ['update', 'delete'] },
    { table: 'users', topic: 'user', key: 'r.id', events: ['update', 'delete'] },
    { table: 'organizations', topic: 'org', key: 'r.id', events: ['update', 'delete'] },
    // With the new version: a process drops only what it cached at an older one.
    { table: 'library_versions', topic: 'library', key: `r.library || '@' || r.version`, events: ['insert', 'update'] },
  ];
  for (const { table, topic, key, events } of announced) {
    for (const event of events) {
      const referencing = event === 'delete' ? 'old table as old_rows' : 'new table as new_rows';
      await sql
        .raw(
          `create trigger ${table}_${event}_notify after ${event} on ${table} referencing ${referencing} for each statement execute function notify_rows_changed('${topic}', '${key.replace(/'/g, "''")}')`,
        )
        .execute(db);
    }
  }

  await sql`create unlogged table rate_limits (key text primary key, hits integer not null, resets_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, events] of [
    ['sessions', ['update', 'delete']],
    ['users', ['update', 'delete']],
    ['organizations', ['update', 'delete']],
    ['library_versions', ['insert', 'update']],
  ] as const) {
    for (const event of events) await sql.raw(`drop trigger ${table}_${event}_notify on ${table}`).execute(db);
  }
  await sql`drop function notify_rows_changed()`.execute(db);
  await sql`drop function notify_changes(text, text[])`.execute(db);
  await sql`drop table rate_limits`.execute(db);
}
