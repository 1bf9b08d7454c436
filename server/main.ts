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
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`Testforge cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const { app, services } = await buildApp({ config, database });

  let demo: Awaited<ReturnType<typeof seedDemo>> | undefined;
  if (database.wasEmpty && database.kind === 'pglite' && config.seedDemo) demo = await seedDemo(database.db);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Ended sessions are removed hourly (they are already refused; this keeps the table small).
  const purge = setInterval(() => {
    services.accounts.deleteExpiredSessions(new Date()).catch((error) => app.log.error({ err: error }, 'session purge failed'));
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
