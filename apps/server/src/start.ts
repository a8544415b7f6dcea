/**
 * Starts Mend: configuration, database (migrated), demo data on an empty database, then the HTTP server and its
 * workers. main.ts calls it as it is; a test harness may pass the app's clock (`now`, see buildApp).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig, severalServersProblem } from './config';
import { isDatabaseEmpty, migrateDatabase, openDatabase } from './db/client';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from './db/demo-seed';
import { describeFileStorage } from './lib/open-storage';
import { printAccounts } from './lib/print-accounts';
import { APP_SECRET_FILE } from './lib/tokens';

/** Arbitrary constant naming the advisory lock taken while seeding demo data ("seed" in ASCII). */
const DEMO_SEED_LOCK_KEY = 0x73656564;

export interface StartOptions {
  /** The app's clock (buildApp's `now`): the real one when left out. */
  now?: () => Date;
}

/** Starts the server as main.ts does, and answers the app once it listens and its workers run. */
export async function startServer(options: StartOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig();
  // Refused before anything is opened: a process that starts would sign links the other processes refuse.
  const problem = severalServersProblem(config, path.join(config.dataDir, APP_SECRET_FILE));
  if (problem) throw new Error(problem);
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
  });
  await migrateDatabase(handle);

  if (config.demo) {
    // Processes starting together on one empty PostgreSQL database must not both seed it (the second one
    // died on a unique violation): the check and the seeding run under a transaction-level advisory lock.
    const seeded = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
      if (!(await isDatabaseEmpty(tx))) return false;
      await seedDemo(tx);
      return true;
    });
    if (seeded) console.log('Demo data created on the empty database.');
    printAccounts(demoAccounts(), `Demo accounts (password for all: ${DEMO_PASSWORD})`);
  }

  const app = await buildApp({ config, db: handle.db, now: options.now });

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
  // Time-based work: managers alerted of assignments nobody answered in time.
  if (config.dueWorkWorker) app.dueWork.start();
  // Stored files left without a row by a process that died mid-upload: swept now, then every hour.
  app.orphanFiles.start();
  // Replies by email (INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN): the inbound SMTP listener; stopped by app.close().
  if (app.inboundMail) await app.inboundMail.start();
  if (config.databaseUrl && !config.appSecret) {
    app.log.warn(
      "APP_SECRET is not set: every link and address Mend sends (unsubscribe, reply, calendar feed, job, sign-off and approval links) is signed with a secret kept in this machine's data folder. Set the same APP_SECRET on every process that shares the database.",
    );
  }
  const channels = app.outbox.channels;
  console.log(
    `Outbox worker: ${config.outboxWorker ? 'on' : 'off'}; delivering ${channels.length > 0 ? channels.join(', ') : 'nothing yet'} (see SMTP_URL and SMS_* to configure)`,
  );
  if (config.inboundMail) {
    console.log(
      `Inbound email: replies to reply+…@${config.inboundMail.domain} taken at ${config.inboundMail.host}:${app.inboundMail?.port}`,
    );
  }
  console.log(`Uploaded files: ${describeFileStorage(config)}`);
  console.log(
    `\nMend is running at ${config.appUrl} (database: ${handle.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})\n`,
  );
  return app;
}
