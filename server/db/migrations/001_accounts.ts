import { type Kysely, sql } from 'kysely';
import { belongsTo, createOrgTable, writtenAt } from './columns';

/** Organisations, users, sessions and the other tables of accounts, help and mail. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('subscription_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_shared_global', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enable_vidu_parser', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_bilingual_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_tb_test_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_gpsc_type', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_sharing', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('region', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"dateTimeStamp":"DD MMM YYYY"}'::jsonb`))
    .addColumn('org_location', 'text')
    .addColumn('whitelabel_id', 'text')
    .addColumn('login_settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();
  await sql`create unique index organizations_code_key on organizations (lower(code))`.execute(db);

  await createOrgTable(db, 'users')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'jsonb', (c) => c.notNull().defaultTo(sql`'["tutor"]'::jsonb`))
    .addColumn('country_code', 'text')
    .addColumn('mobile', 'text')
    .addColumn('is_first_login', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_clp_editor', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('region', 'jsonb')
    .addColumn('default_settings', 'jsonb')
    .addColumn('is_shared_global', 'boolean')
    .addColumn('enable_vidu_parser', 'boolean')
    .addColumn('is_bilingual_enabled', 'boolean')
    .addColumn('is_tb_test_enabled', 'boolean')
    .addColumn('allow_gpsc_type', 'boolean')
    .addColumn('allow_sharing', 'boolean')
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();
  await sql`create unique index users_org_email_key on users (org_id, lower(email))`.execute(db);

  for (const table of ['sessions', 'whitelabel_tokens', 'password_resets']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('org_id', 'text', belongsTo('organizations.id'))
      .addColumn('user_id', 'text', belongsTo('users.id'))
      .addColumn('created_at', 'timestamptz', writtenAt);
    if (table !== 'whitelabel_tokens') builder = builder.addColumn('expires_at', 'timestamptz', (c) => c.notNull());
    if (table === 'password_resets') builder = builder.addColumn('used_at', 'timestamptz');
    await builder.execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('login_failures')
    .addColumn('account_key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', writtenAt)
    .addColumn('sent_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('support_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('user_id', 'text', belongsTo('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('phone_no', 'text')
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .execute();

  // Reports of questions by students. Only the count is served so far (the header badge);
  // the Report Dashboard issue links them to tests and questions.
  await db.schema
    .createTable('question_reports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'text', belongsTo('organizations.id'))
    .addColumn('test_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('REPORTED'))
    .addColumn('created_at', 'timestamptz', writtenAt)
    .execute();
  await db.schema.createIndex('question_reports_org_status_idx').on('question_reports').columns(['org_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'question_reports',
    'app_settings',
    'support_requests',
    'outbox',
    'login_failures',
    'password_resets',
    'whitelabel_tokens',
    'sessions',
    'users',
    'organizations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
