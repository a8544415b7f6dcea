/**
 * Maintenance commands: `npm run cli -w @mend/server -- <command>` (or `npm run cli -- <command>` at the root).
 *
 * Reads DATABASE_URL (a PostgreSQL server) or MEND_DATA_DIR (the embedded PGlite folder, default ./data at
 * the repository root). PGlite allows one process per data folder: stop the server before running a
 * command against the embedded database.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ROLE, roleName } from '@mend/shared';
import { eq, or } from 'drizzle-orm';
import { loadConfig } from './config';
import { type DatabaseHandle, isDatabaseEmpty, migrateDatabase, openDatabase } from './db/client';
import { seedDemo } from './db/demo-seed';
import { users } from './db/schema';
import { copyFiles } from './lib/copy-files';
import { describeFileStorage, localUploadsFolder, openFileStorage } from './lib/open-storage';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from './lib/orphan-files';
import { hashPassword } from './lib/password';
import { printAccounts } from './lib/print-accounts';
import { LocalFileStorage } from './lib/storage';

const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_ADMIN_PASSWORD = 8;

const HELP = `Mend maintenance commands

Usage: npm run cli -w @mend/server -- <command> [options]

Commands:
  migrate                      Apply the database migrations that have not run yet.
  create-super-admin           Create a super admin (role 0) account.
      --email <email>          required
      --password <password>    required, at least ${MIN_ADMIN_PASSWORD} characters
      --username <username>    optional sign-in name
      --first-name <name>      optional
      --last-name <name>       optional
  seed                         Load the demo data, only if the database has no users yet.
  reseed --yes                 DELETE ALL DATA, then load the demo data and print the demo accounts.
  sweep-files                  Delete uploaded files older than ${ORPHAN_GRACE_MS / 60_000} minutes that no record names
                               (left by a server that died mid-upload); the server also does this hourly.
                               Sweeps the S3 bucket when S3_BUCKET is set, else the uploads folder.
  copy-files-to-s3             Copy every file of the uploads folder (MEND_DATA_DIR/uploads) into the bucket
                               of the S3_* settings, skipping files already there at the same size: safe to
                               run again, and while the server runs. The folder is left as it was.
      --dry-run                count what would be copied, copy nothing
  help                         Show this text.

Database: DATABASE_URL=postgres://... for a PostgreSQL server; otherwise the embedded PGlite
database in MEND_DATA_DIR (default: ${DEFAULT_DATA_DIR}). Stop the server before using the CLI
on the embedded database (one process per data folder).
`;

class CliError extends Error {}

function databaseOptions() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(process.env.MEND_DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  return { databaseUrl, dataDir };
}

async function withDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const options = databaseOptions();
  const where = options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${options.dataDir}`;
  console.log(`Database: ${where}`);
  const handle = await openDatabase(options);
  try {
    await migrateDatabase(handle);
    return await run(handle);
  } finally {
    await handle.close();
  }
}

async function seedAndPrint(handle: DatabaseHandle, truncateFirst = false): Promise<void> {
  const started = performance.now();
  const accounts = await seedDemo(handle.db, { truncateFirst });
  console.log(`Demo data loaded in ${Math.round(performance.now() - started)} ms.`);
  printAccounts(accounts);
}

type Values = Record<string, string | boolean | undefined>;

const cliLog = { info: (fields: object, message: string) => console.log(message, fields) };

async function createSuperAdmin(values: Values): Promise<void> {
  const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
  const password = typeof values.password === 'string' ? values.password : '';
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  if (!EMAIL_PATTERN.test(email))
    throw new CliError('--email is required and must be a valid email address.');
  if (password.length < MIN_ADMIN_PASSWORD) {
    throw new CliError(`--password is required and must be at least ${MIN_ADMIN_PASSWORD} characters.`);
  }
  if (values.username !== undefined && (!username || /[\s@]/.test(username))) {
    throw new CliError('--username must be non-empty, without spaces or "@".');
  }
  const passwordHash = await hashPassword(password);
  await withDatabase(async ({ db }) => {
    const clash = await db
      .select({ id: users.id, email: users.email, username: users.username })
      .from(users)
      .where(username ? or(eq(users.email, email), eq(users.username, username)) : eq(users.email, email))
      .limit(1);
    if (clash.length > 0) {
      const what = clash[0].email === email ? `email ${email}` : `username ${username}`;
      throw new CliError(`A user with the ${what} already exists (id ${clash[0].id}).`);
    }
    const [created] = await db
      .insert(users)
      .values({
        email,
        username: username || null,
        passwordHash,
        role: ROLE.superAdmin,
        firstName: typeof values['first-name'] === 'string' ? values['first-name'].trim() : '',
        lastName: typeof values['last-name'] === 'string' ? values['last-name'].trim() : '',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    console.log(`Created ${roleName(ROLE.superAdmin)} ${email} (id ${created.id}).`);
  });
}

/** Every bucket request is retried by the SDK; this many files at once keep a long copy moving. */
const COPY_CONCURRENCY = 8;
/** A progress line every this many files. */
const COPY_PROGRESS_EVERY = 1000;

/** The uploads folder into the configured bucket (docs/decisions/0039); exit code 1 when a file failed. */
async function copyFilesToS3(dryRun: boolean): Promise<number> {
  const config = loadConfig();
  if (!config.s3) {
    throw new CliError(
      'Object storage is not configured: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a service other than AWS S3).',
    );
  }
  const folder = localUploadsFolder(config);
  if (!existsSync(folder)) {
    console.log(`${folder} does not exist: no uploaded file to copy.`);
    return 0;
  }
  const { S3FileStorage } = await import('./lib/s3-storage');
  const target = new S3FileStorage(config.s3);
  console.log(`${dryRun ? 'Would copy' : 'Copying'} ${folder} to ${describeFileStorage(config)}…`);
  let seen = 0;
  const failures: string[] = [];
  try {
    // A wrong bucket, address or key is said once here, not once per file.
    try {
      for await (const _ of target.list()) break;
    } catch (error) {
      throw new CliError(
        `${describeFileStorage(config)} cannot be listed: ${error instanceof Error ? error.message : error}`,
      );
    }
    const result = await copyFiles(new LocalFileStorage(folder), target, {
      dryRun,
      concurrency: COPY_CONCURRENCY,
      onFile: (key, outcome, error) => {
        if (outcome === 'failed') failures.push(`${key}: ${error instanceof Error ? error.message : error}`);
        if (++seen % COPY_PROGRESS_EVERY === 0) console.log(`  ${seen} files…`);
      },
    });
    for (const failure of failures) console.error(`Failed: ${failure}`);
    const megabytes = (result.bytes / 1_000_000).toFixed(1);
    const files = (count: number) => `${count} file${count === 1 ? '' : 's'}`;
    console.log(
      `${files(result.copied)} ${dryRun ? 'to copy' : 'copied'} (${megabytes} MB), ${result.skipped} already in the bucket, ${result.failed} failed.`,
    );
    if (result.failed > 0) console.error('Run the command again to retry the failed files.');
    return result.failed > 0 ? 1 : 0;
  } finally {
    target.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command = 'help', ...rest] = argv;
  switch (command) {
    case 'help':
    case '--help':
    case '-h':
      console.log(HELP);
      return 0;

    case 'migrate': {
      parseArgs({ args: rest, options: {}, strict: true });
      await withDatabase(async () => {});
      console.log('Migrations are up to date.');
      return 0;
    }

    case 'create-super-admin': {
      const { values } = parseArgs({
        args: rest,
        strict: true,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          username: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
        },
      });
      await createSuperAdmin(values);
      return 0;
    }

    case 'seed': {
      parseArgs({ args: rest, options: {}, strict: true });
      await withDatabase(async (handle) => {
        if (!(await isDatabaseEmpty(handle.db))) {
          console.log('The database already has users: nothing seeded. Use `reseed --yes` to start over.');
          return;
        }
        await seedAndPrint(handle);
      });
      return 0;
    }

    case 'reseed': {
      const { values } = parseArgs({ args: rest, strict: true, options: { yes: { type: 'boolean' } } });
      if (!values.yes) {
        throw new CliError('reseed DELETES ALL DATA in the database. Run it again with --yes to confirm.');
      }
      await withDatabase(async (handle) => {
        // Truncate and seed in one transaction: a failure leaves the old data in place.
        await seedAndPrint(handle, true);
        console.log('(All previous data was deleted.)');
      });
      return 0;
    }

    case 'sweep-files': {
      parseArgs({ args: rest, options: {}, strict: true });
      // The storage the server uses: the S3 bucket when configured, else the uploads folder.
      const config = loadConfig();
      const storage = await openFileStorage(config);
      try {
        await withDatabase(async ({ db }) => {
          const result = await sweepOrphanFiles(db, storage, { log: cliLog });
          if (result.skipped === 'no-stored-keys') {
            console.log('The database names no stored file: nothing swept (is this the right database?).');
          } else {
            console.log(
              `${describeFileStorage(config)}: ${result.scanned} files looked at, ${result.deleted} orphans deleted.`,
            );
          }
        });
      } finally {
        storage.close?.();
      }
      return 0;
    }

    case 'copy-files-to-s3': {
      const { values } = parseArgs({ args: rest, strict: true, options: { 'dry-run': { type: 'boolean' } } });
      return copyFilesToS3(values['dry-run'] === true);
    }

    default:
      throw new CliError(`Unknown command "${command}". Run "help" for the list of commands.`);
  }
}

const isEntryPoint = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isEntryPoint) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof CliError) console.error(`Error: ${error.message}`);
      else if (
        error instanceof TypeError &&
        'code' in error &&
        String(error.code).startsWith('ERR_PARSE_ARGS')
      ) {
        console.error(`Error: ${error.message}. Run "help" for usage.`);
      } else if (error instanceof Error && !process.env.MEND_DEBUG) {
        const cause = error.cause instanceof Error && !error.message.includes(error.cause.message);
        console.error(`Error: ${error.message}${cause ? ` (${(error.cause as Error).message})` : ''}`);
        console.error('Set MEND_DEBUG=1 for the full stack trace.');
      } else console.error('Error:', error);
      process.exitCode = 1;
    },
  );
}
