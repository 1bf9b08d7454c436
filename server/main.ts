import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { DataDirInUseError } from './db/lock';
import { seedDemo } from './demo';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      poolSize: config.databasePoolSize,
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`Testforge cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, services } = await buildApp({ config, database });

  let demo: Awaited<ReturnType<typeof seedDemo>> | undefined;
  if (database.wasEmpty && database.kind === 'pglite' && config.seedDemo) demo = await seedDemo(database.db, config);

  // Graceful shutdown (issue 19): /api/ready answers 503 at once, and after SHUTDOWN_DELAY_MS
  // (time for a load balancer to notice) the server stops taking connections, lets the requests
  // in flight finish (at most SHUTDOWN_TIMEOUT_MS), closes the database and exits.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const force = setTimeout(() => {
      console.error(`Testforge: requests still running ${config.shutdownTimeoutMs} ms after ${signal}; exiting anyway`);
      process.exit(1);
    }, config.shutdownDelayMs + config.shutdownTimeoutMs);
    force.unref();
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    // Connections that finish their request while closing are closed as soon as they are idle.
    setInterval(() => app.server.closeIdleConnections(), 50).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Ended sessions are removed hourly (they are already refused; this keeps the table small).
  const purge = setInterval(() => {
    services.accounts.deleteExpiredSessions(new Date()).catch((error) => app.log.error({ err: error }, 'session purge failed'));
    services.rateLimits.purge().catch((error) => app.log.error({ err: error }, 'rate limit purge failed'));
  }, 3_600_000);
  purge.unref();

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const lines = [
    '',
    `Testforge is running at ${config.publicUrl}  (database: ${where}; started in ${Math.round(performance.now() - startedAt)} ms)`,
    `API docs: ${config.publicUrl}/api/docs`,
  ];
  if (demo) {
    lines.push(
      'A demo organisation was created. Sign in with:',
      `  Organisation code: ${demo.orgCode}`,
      `  E-mail:            ${demo.email}`,
      `  Password:          ${demo.password}`,
      '(shown once; add users with `npm run admin -- user:create ...` while the server is stopped)',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error('Testforge failed to start:', error);
  process.exit(1);
});
