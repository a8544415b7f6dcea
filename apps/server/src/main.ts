/** Starts Mend: configuration, database (migrated), demo data on an empty database, then the HTTP server. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { isDatabaseEmpty, migrateDatabase, openDatabase } from './db/client';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from './db/demo-seed';
import { printAccounts } from './lib/print-accounts';

const config = loadConfig();
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
await migrateDatabase(handle);

if (config.demo) {
  if (await isDatabaseEmpty(handle.db)) {
    await seedDemo(handle.db);
    console.log('Demo data created on the empty database.');
  }
  printAccounts(demoAccounts(), `Demo accounts (password for all: ${DEMO_PASSWORD})`);
}

const app = await buildApp({ config, db: handle.db });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await handle.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
// Delivery of emails, SMS and voice calls (a channel without settings keeps its messages in the outbox).
if (config.outboxWorker) app.outbox.start();
if (config.databaseUrl && !config.appSecret) {
  app.log.warn(
    "APP_SECRET is not set: unsubscribe links are signed with a secret kept in this machine's data folder. Set the same APP_SECRET on every process that shares the database.",
  );
}
const channels = app.outbox.channels;
console.log(
  `Outbox worker: ${config.outboxWorker ? 'on' : 'off'}; delivering ${channels.length > 0 ? channels.join(', ') : 'nothing yet'} (see SMTP_URL and SMS_* to configure)`,
);
console.log(
  `\nMend is running at ${config.appUrl} (database: ${handle.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})\n`,
);
