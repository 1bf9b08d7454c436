import path from 'node:path';
import type { S3Settings } from './modules/files/s3';

/** Everything the server reads from its environment, read once and in one place. */
export interface ServerConfig {
  port: number;
  /** The address the server listens on (HOST): 127.0.0.1, this machine only, unless told otherwise (0.0.0.0: every interface). */
  host: string;
  /** Embedded PGlite data lives here when no DATABASE_URL is given; uploaded files under DATA_DIR/files. */
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL connections per server process (DATABASE_POOL_SIZE, 10), plus one that listens for changes. */
  databasePoolSize: number;
  publicUrl: string;
  /** Serve https with this certificate and key (TLS_CERT, TLS_KEY: PEM files), e.g. office-addin-dev-certs' for the Word add-in. */
  tls?: { cert: string; key: string };
  /** PUBLIC_URL as given (unset: free-test links use the origin the tutor reached the server at). */
  linkBaseUrl?: string;
  smtpUrl?: string;
  /** Where text messages are POSTed as JSON { to, text } (SMS_WEBHOOK_URL); without it they stay in the outbox and the log. */
  smsWebhookUrl?: string;
  mailFrom: string;
  sessionTtlMs: number;
  /** How long a looked-up session is served from memory (see SessionCache); 0 turns it off. */
  sessionCacheMs: number;
  /** Size of the in-process library listing cache (see library/listingCache.ts); 0 turns it off. */
  libraryCacheBytes: number;
  /** Size of the in-process cache of tests opened in the editor (GET /v2/test/{id}); 0 turns it off. */
  testCacheBytes: number;
  resetTokenTtlMs: number;
  loginRateLimitPerMinute: number;
  /** Student identify/start calls per minute per address and free test (issue 6). */
  studentRateLimitPerMinute: number;
  accountFailureLimit: number;
  accountLockMs: number;
  distDir: string;
  /** Uploaded files (pictures): DATA_DIR/files unless FILES_DIR is given. */
  filesDir: string;
  /** Signs upload links; give every process of one deployment the same (FILES_SECRET), else one is kept in filesDir. */
  filesSecret?: string;
  /** An S3-compatible store for uploads (S3_*); null: files on the server's disk (filesDir). */
  s3: S3Settings | null;
  /** Headless Chromium for PDF export (CHROMIUM_PATH); without it, print-pdf answers 503. */
  chromiumPath: string | null;
  /** The longest one PDF export may take, waiting for a turn included (PDF_TIMEOUT_SECONDS, default 30). */
  pdfTimeoutMs: number;
  logLevel: string;
  /** `json`: one pino JSON object a line (NODE_ENV=production); `pretty`: one readable line per request (local runs). */
  logFormat: 'json' | 'pretty';
  bodyLimitBytes: number;
  supportEmail: string;
  supportChatNumber: string;
  premiumTutorNumbers: { mobile: string; countryExt: string }[];
  /** Request rate limits in Redis (REDIS_URL); unset: in PostgreSQL, or in memory on PGlite. */
  redisUrl?: string;
  /** Fastify's trustProxy (TRUST_PROXY: true, or the balancers' addresses/CIDRs, comma-separated): client addresses from X-Forwarded-For. */
  trustProxy?: boolean | string;
  /** First wait before listening for changes again after the connection was lost (LISTEN_RETRY_MS, 100; doubles up to 5 s). */
  listenRetryMs: number;
  /** On SIGTERM: how long /api/ready answers 503 before the server stops taking connections (SHUTDOWN_DELAY_MS, 0). */
  shutdownDelayMs: number;
  /** On SIGTERM: the longest requests in flight get to finish (SHUTDOWN_TIMEOUT_MS, 30 s). */
  shutdownTimeoutMs: number;
  /** PostgreSQL: how often the job queue's sweep of expired attempts runs, once across all processes (JOB_SWEEP_SECONDS, 30; 0: never, reads still submit them). */
  jobSweepSeconds: number;
  /**
   * PostgreSQL: whether this process works the job queue (JOB_QUEUE, on; `off`: it does not start
   * pg-boss, and does its own background work in process as the embedded database does: mail sent
   * after it is written, expired attempts submitted when read).
   */
  jobQueue: boolean;
  /** Seed a demo organisation on first start of an empty embedded database. */
  seedDemo: boolean;
}

function intFrom(value: string | undefined, fallback: number): number {
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const port = intFrom(env.PORT, 3000);
  const tls = env.TLS_CERT && env.TLS_KEY ? { cert: path.resolve(env.TLS_CERT), key: path.resolve(env.TLS_KEY) } : undefined;
  return {
    tls,
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: intFrom(env.DATABASE_POOL_SIZE, 10),
    publicUrl: (env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/$/, ''),
    linkBaseUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Testforge <no-reply@testforge.local>',
    sessionTtlMs: intFrom(env.SESSION_TTL_HOURS, 24 * 7) * 3_600_000,
    sessionCacheMs: intFrom(env.SESSION_CACHE_MS, 5_000),
    libraryCacheBytes: intFrom(env.LIBRARY_CACHE_MB, 32) * 1024 * 1024,
    testCacheBytes: intFrom(env.TEST_CACHE_MB, 64) * 1024 * 1024,
    resetTokenTtlMs: intFrom(env.RESET_TOKEN_TTL_MINUTES, 30) * 60_000,
    loginRateLimitPerMinute: intFrom(env.LOGIN_RATE_LIMIT_PER_MINUTE, 30),
    studentRateLimitPerMinute: intFrom(env.STUDENT_RATE_LIMIT_PER_MINUTE, 120),
    accountFailureLimit: intFrom(env.ACCOUNT_FAILURE_LIMIT, 5),
    accountLockMs: intFrom(env.ACCOUNT_LOCK_MINUTES, 15) * 60_000,
    distDir: path.resolve(env.DIST_DIR ?? path.join(__dirname, '..', 'dist')),
    filesDir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR ?? './data', 'files')),
    filesSecret: env.FILES_SECRET || undefined,
    s3: s3From(env),
    chromiumPath: env.CHROMIUM_PATH === '' ? null : (env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    pdfTimeoutMs: intFrom(env.PDF_TIMEOUT_SECONDS, 30) * 1000,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: env.NODE_ENV === 'production' ? 'json' : 'pretty',
    bodyLimitBytes: intFrom(env.BODY_LIMIT_BYTES, 1024 * 1024),
    supportEmail: env.SUPPORT_EMAIL ?? 'support@testforge.local',
    supportChatNumber: env.SUPPORT_CHAT_NUMBER ?? '919999999999',
    premiumTutorNumbers: [
      { mobile: '8047190902', countryExt: '+91' },
      { mobile: '8047190903', countryExt: '+91' },
    ],
    seedDemo: env.SEED_DEMO !== 'false',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    listenRetryMs: intFrom(env.LISTEN_RETRY_MS, 100),
    shutdownDelayMs: intFrom(env.SHUTDOWN_DELAY_MS, 0),
    shutdownTimeoutMs: intFrom(env.SHUTDOWN_TIMEOUT_MS, 30_000),
    jobSweepSeconds: Math.max(0, intFrom(env.JOB_SWEEP_SECONDS, 30)),
    jobQueue: env.JOB_QUEUE !== 'off',
    ...overrides,
  };
}

function trustProxyFrom(value: string | undefined): ServerConfig['trustProxy'] {
  if (!value) return undefined;
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

/** S3 settings when the endpoint, bucket and keys are all given; else uploads stay on disk. */
function s3From(env: NodeJS.ProcessEnv): S3Settings | null {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) return null;
  const base = endpoint.replace(/\/$/, '');
  return {
    endpoint: base,
    bucket,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    publicUrl: (env.S3_PUBLIC_URL || `${base}/${bucket}`).replace(/\/$/, ''),
  };
}
