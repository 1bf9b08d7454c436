import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

export interface Region {
  dateTimeStamp: string;
  timezone?: string;
}

/** Feature flags an organisation grants; a user may override each one (null = the organisation's). */
export const FEATURE_FLAGS = [
  'is_shared_global',
  'enable_vidu_parser',
  'is_bilingual_enabled',
  'is_tb_test_enabled',
  'allow_gpsc_type',
  'allow_sharing',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export interface OrganizationsTable {
  id: string;
  code: string;
  name: string;
  subscription_ends_at: Date;
  is_shared_global: Generated<boolean>;
  enable_vidu_parser: Generated<boolean>;
  is_bilingual_enabled: Generated<boolean>;
  is_tb_test_enabled: Generated<boolean>;
  allow_gpsc_type: Generated<boolean>;
  allow_sharing: Generated<boolean>;
  region: Json<Region>;
  org_location: string | null;
  whitelabel_id: string | null;
  login_settings: Json<Record<string, unknown>>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  org_id: string;
  email: string;
  name: string;
  password_hash: string;
  role: Json<string[]>;
  country_code: string | null;
  mobile: string | null;
  is_first_login: boolean;
  is_clp_editor: boolean;
  region: Json<Region | null> | null;
  default_settings: Json<Record<string, unknown> | null> | null;
  is_shared_global: boolean | null;
  enable_vidu_parser: boolean | null;
  is_bilingual_enabled: boolean | null;
  is_tb_test_enabled: boolean | null;
  allow_gpsc_type: boolean | null;
  allow_sharing: boolean | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  token_hash: string;
  org_id: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface WhitelabelTokensTable {
  token_hash: string;
  org_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface PasswordResetsTable {
  token_hash: string;
  org_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface LoginFailuresTable {
  /** lower(orgCode) + ':' + lower(email): counted even when no such account exists. */
  account_key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

/** Request rate limits counted in the database (server/http/rateLimitStore.ts, migration 014). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resets_at: Date;
}

export interface OutboxTable {
  id: Generated<string>;
  org_id: string | null;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
  sent_at: Date | null;
}

export interface SupportRequestsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  kind: 'notification' | 'callback';
  phone_no: string | null;
  created_at: CreatedAt;
}

export interface AppSettingsTable {
  key: string;
  value: Json<unknown>;
}

export interface QuestionReportsTable {
  id: Generated<string>;
  org_id: string;
  test_id: string;
  question_id: string;
  reason: string;
  status: 'REPORTED' | 'updateAvailable' | 'resolved';
  created_at: CreatedAt;
  student_id: string | null;
  attempt_id: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  /** 'student', or 'statistics' for a report raised by the question analysis (migration 011). */
  source: Generated<'student' | 'statistics'>;
  /** A statistics report's StatisticsReason (shared/contract/results.ts). */
  details: unknown | null;
}

/** Free (link) tests, students and their attempts, publishes of corrections (issue 6, migration 007). */
export interface SharedTestsTable {
  id: string;
  org_id: string;
  test_id: string;
  created_by: string | null;
  start_time: Date;
  end_time: Date | null;
  /** Null: as the test says (its `attempts`). */
  no_of_attempts: number | null;
  is_removed: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}
export interface StudentsTable {
  id: string;
  org_id: string;
  name: string;
  contact: string;
  contact_key: string;
  created_at: CreatedAt;
  /** Until then a start from a new device is let in once (a tutor's reset; migration 010). */
  proof_waived_until: Date | null;
}
/** The devices a student has taken tests on: hashes of the random key their browser keeps (migration 010). */
export interface StudentDevicesTable {
  student_id: string;
  org_id: string;
  key_hash: string;
  created_at: CreatedAt;
  last_seen_at: Generated<Date>;
}
/** One live one-time code per contact of an organisation, hashed (migration 010). */
export interface StudentCodesTable {
  org_id: string;
  contact_key: string;
  code_hash: string;
  expires_at: Date;
  tries: Generated<number>;
  created_at: CreatedAt;
}
export interface AttemptsTable {
  id: string;
  org_id: string;
  shared_test_id: string;
  test_id: string;
  student_id: string;
  token_hash: string;
  layout: Json<unknown>;
  started_at: CreatedAt;
  deadline_at: Date | null;
  submitted_at: Date | null;
  /** numeric: read as a string by pg. */
  score: ColumnType<string, number | string | undefined, number | string>;
  max_score: ColumnType<string, number | string | undefined, number | string>;
  /** The version of the test the attempt was scored with (null until submitted). */
  scored_version: number | null;
  /** What each question got, for the analysis (migration 013, server/modules/analysis/digest.ts); null before it. */
  digest: string | null;
  /** The version whose questions the digest's positions follow (test_version_questions). */
  digest_version: number | null;
}
export interface AttemptAnswersTable {
  attempt_id: string;
  test_id: string;
  question_id: string;
  answer: Json<unknown> | null;
  score: ColumnType<string, number | string | undefined, number | string>;
  outcome: Generated<string>;
  updated_at: Generated<Date>;
  /** The student page's sequence number of the answer stored (migration 015); null: saved without one. */
  client_seq: ColumnType<string | null, number | null | undefined, number | null>;
}
/** Per publish, the new score of each distinct answer, for attempts scored with an earlier version (migration 008). */
export interface AnswerRescoresTable {
  org_id: string;
  test_id: string;
  question_id: string;
  answer_key: string;
  test_version: number;
  publish_id: string;
  score: ColumnType<string, number | string, number | string>;
  outcome: string;
}
/** View: the answers with their scores as they are now (the latest applicable rescore wins). */
export interface AttemptAnswerScoresView {
  attempt_id: string;
  test_id: string;
  question_id: string;
  answer: Json<unknown> | null;
  score: ColumnType<string, never, never>;
  outcome: ColumnType<string, never, never>;
}
export interface PublishesTable {
  id: string;
  org_id: string;
  test_id: string;
  published_by: string | null;
  options: Json<unknown>;
  attempts_changed: Generated<number>;
  created_at: CreatedAt;
}
export interface ScoreChangesTable {
  publish_id: string;
  attempt_id: string;
  old_score: ColumnType<string, number | string, number | string>;
  new_score: ColumnType<string, number | string, number | string>;
}

/** Per free test and shard, attempts started and submitted, kept by triggers on attempts (migration 012). */
export interface ResultsCountersTable {
  shared_test_id: string;
  shard: number;
  started: number;
  submitted: number;
  changed_at: Date;
}

/** A version's questions as digests number them (migration 013, server/modules/analysis/digest.ts). */
export interface TestVersionQuestionsTable {
  test_id: string;
  version: number;
  questions: Json<unknown>;
}

export interface FoldersTable {
  id: string;
  org_id: string;
  owner_id: string | null;
  is_global: Generated<boolean>;
  parent_id: string | null;
  path: Generated<string>;
  level: Generated<number>;
  name: string;
  details: Generated<string>;
  is_shared: Generated<boolean>;
  shared_by: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface TestsTable {
  id: string;
  org_id: string;
  owner_id: string | null;
  is_global: Generated<boolean>;
  parent_folder_id: string | null;
  name: string;
  tags: Json<string[]>;
  duration_ms: Generated<number>;
  languages: Json<string[]>;
  test_type: Generated<string>;
  total_marks: Generated<number>;
  total_questions: Generated<number>;
  is_shared_test: Generated<boolean>;
  shared_by: string | null;
  is_attempted: Generated<boolean>;
  content: Json<Record<string, unknown>>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  opened_at: Date | null;
}

export interface SubjectsTable {
  id: string;
  org_id: string | null;
  name: string;
}

export interface ChaptersTable {
  id: string;
  org_id: string;
  subject_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface BatchesTable {
  id: string;
  org_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface TestLinksTable {
  test_id: string;
  org_id: string;
  kind: 'chapter' | 'batch';
  target_id: string;
}

/** One row per library that was ever written; see migrations/005_library_versions.ts. */
export interface LibraryVersionsTable {
  /** 'global', or 'orgId/ownerId' for a My Library. */
  library: string;
  /** bigint: read as a string. */
  version: ColumnType<string, string | number, string | number>;
}

/** Fonts an organisation uploaded; see migrations/006_org_fonts.ts. */
export interface OrgFontsTable {
  org_id: string;
  /** The face normalised (shared/domain/fonts.ts normaliseFontFace). */
  face_key: string;
  face: string;
  file_id: string;
  format: string;
  size: number;
  data: Buffer;
  uploaded_by: string | null;
  uploaded_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The Trash (issue 17): deleted tests, folders and questions for 30 days; see migrations/017_trash.ts. */
export interface TrashItemsTable {
  id: string;
  org_id: string;
  owner_id: string | null;
  is_global: boolean;
  kind: 'test' | 'folder' | 'question';
  name: string;
  /** Where it was: `{ folderId }` (null: the root) for a test or folder; `{ testId, sectionId, parentQuestionId?, index }` for a question. */
  origin: Json<Record<string, unknown>>;
  /** The names of where it was, outermost first (folders; a question's test and section). */
  location: Json<string[]>;
  /** What the delete took away: rows by table (`to_jsonb`), or a question's content. */
  rows: Json<unknown>;
  deleted_by: string | null;
  deleted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  trash_items: TrashItemsTable;
  org_fonts: OrgFontsTable;
  library_versions: LibraryVersionsTable;
  subjects: SubjectsTable;
  chapters: ChaptersTable;
  batches: BatchesTable;
  test_links: TestLinksTable;
  folders: FoldersTable;
  tests: TestsTable;
  organizations: OrganizationsTable;
  users: UsersTable;
  sessions: SessionsTable;
  whitelabel_tokens: WhitelabelTokensTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  support_requests: SupportRequestsTable;
  app_settings: AppSettingsTable;
  question_reports: QuestionReportsTable;
  shared_tests: SharedTestsTable;
  students: StudentsTable;
  student_devices: StudentDevicesTable;
  student_codes: StudentCodesTable;
  attempts: AttemptsTable;
  attempt_answers: AttemptAnswersTable;
  publishes: PublishesTable;
  score_changes: ScoreChangesTable;
  answer_rescores: AnswerRescoresTable;
  attempt_answer_scores: AttemptAnswerScoresView;
  results_counters: ResultsCountersTable;
  test_version_questions: TestVersionQuestionsTable;
}

export type Organization = Selectable<OrganizationsTable>;
export type User = Selectable<UsersTable>;
export type Folder = Selectable<FoldersTable>;
export type TestRow = Selectable<TestsTable>;
