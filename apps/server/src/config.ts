/** Environment, validated once at start-up. Everything configurable about the server lives here. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address used in emails and for same-origin checks; defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  /** A real PostgreSQL server; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().min(1).optional(),
  /** Connections to DATABASE_URL per app process (default: twice the cores, 4 to 10). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).optional(),
  MEND_DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  /** Demo data on an empty database: on by default for the embedded database, off for DATABASE_URL. */
  MEND_DEMO: flag.optional(),
  MEND_WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Failed sign-ins (and activations) allowed per account per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * Failed sign-ins, activations and password resets allowed per client address per minute; by default
   * LOGIN_ADDRESS_FACTOR times LOGIN_RATE_LIMIT (an office shares one address).
   */
  LOGIN_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  /** Send the session cookie only over HTTPS; on by default in production. */
  COOKIE_SECURE: flag.optional(),
  TRUST_PROXY: flag.default(false),
  /** Password-reset emails per client address, and verification emails per user, per minute. */
  MAIL_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Outgoing mail server, e.g. smtp://user:pass@mail.example.com:587; without it emails wait in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Mend <no-reply@mend.local>'),
  /** Twilio-compatible API base URL (e.g. https://api.twilio.com); SMS and voice need all four SMS_* values. */
  SMS_PROVIDER_URL: z.url().optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number (E.164) for SMS and voice calls. */
  SMS_FROM: z.string().min(1).optional(),
  /**
   * Signs every link and address Mend sends (unsubscribe, reply, calendar feed, job, sign-off and approval links).
   * When unset, one is generated into the data folder on first start; set it (the same on every process) when
   * several app processes share a PostgreSQL database; required with DATABASE_URL and S3_BUCKET together
   * (`severalServersProblem`).
   */
  APP_SECRET: z.string().min(16).optional(),
  /** How often the outbox worker looks for messages to deliver. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).default(2000),
  /** Run the outbox worker in this process: on by default, off under NODE_ENV=test unless asked. */
  OUTBOX_WORKER: flag.optional(),
  DUE_WORK_POLL_MS: z.coerce.number().int().min(50).default(30_000),
  DUE_WORK_WORKER: flag.optional(),
  /**
   * Rows a CSV export reads from its cursor at a time (modules/exports): what one export holds in memory at once,
   * against a round trip per batch.
   */
  EXPORT_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(1000),
  /**
   * Webhooks (issue 27) may use http:// and reach this machine or a private network: for development and tests only,
   * since a manager chooses the address (modules/webhooks/addresses.ts).
   */
  WEBHOOKS_ALLOW_PRIVATE: flag.optional(),
  /**
   * Replies by email (issue 25): the port of the inbound SMTP listener (0: any free port). Off unless set, together
   * with INBOUND_MAIL_DOMAIN; then every notification email about a ticket carries a signed reply address.
   */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the inbound SMTP listener listens: this machine only by default (a relay forwards to it). */
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  /** The domain of reply addresses (`reply+<token>@INBOUND_MAIL_DOMAIN`), whose MX or relay reaches the listener. */
  INBOUND_MAIL_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i,
      'must be a domain name, e.g. reply.example.com',
    )
    .optional(),
  /**
   * Object storage (issue 27): uploads go to this bucket of an S3-compatible service instead of MEND_DATA_DIR/uploads.
   * With it, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required; the other S3_* values have defaults.
   */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  /** The service's address (e.g. https://s3.example.com); without it, AWS S3's own for S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name, e.g. us-east-1')
    .default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket as a path (`endpoint/bucket/key`): on by default with S3_ENDPOINT, off for AWS S3 itself. */
  S3_FORCE_PATH_STYLE: flag.optional(),
});

/** The variables of object storage: setting any of them asks for it (and for the required ones). */
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  databaseUrl: string | undefined;
  /** undefined: the default (db/client.ts DEFAULT_POOL_SIZE). */
  databasePoolSize: number | undefined;
  dataDir: string;
  demo: boolean;
  webDist: string;
  logLevel: string;
  sessionTtlMs: number;
  loginRateLimit: number;
  loginAddressRateLimit: number;
  cookieSecure: boolean;
  trustProxy: boolean;
  repoRoot: string;
  mailRateLimit: number;
  /** SMTP connection URL; null: email is not configured (messages stay in the outbox). */
  smtpUrl: string | null;
  mailFrom: string;
  /** The Twilio-compatible SMS/voice provider; null unless all four values are set. */
  sms: SmsProviderConfig | null;
  /** APP_SECRET as given; null means "use the one kept in the data folder" (lib/tokens.ts). */
  appSecret: string | null;
  outboxPollMs: number;
  outboxWorker: boolean;
  /** The worker of time-based work (lib/due-work.ts): assignments nobody answered; how often it looks. */
  dueWorkPollMs: number;
  dueWorkWorker: boolean;
  /** The inbound SMTP listener of replies by email; null (the default) unless port and domain are both set. */
  inboundMail: InboundMailConfig | null;
  /** Rows a CSV export reads from its cursor at a time (EXPORT_BATCH_ROWS). */
  exportBatchRows: number;
  /** WEBHOOKS_ALLOW_PRIVATE: webhooks may be http:// and reach private addresses (off by default). */
  webhooksAllowPrivate: boolean;
  /** Every API answer is checked against its route's declared schema (lib/routes.ts); on in tests. */
  checkAnswers: boolean;
  /** Object storage of uploads (lib/s3-storage.ts); null (the default): the `uploads` folder in dataDir. */
  s3: S3Config | null;
}

export interface S3Config {
  /** undefined: AWS S3's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export interface InboundMailConfig {
  host: string;
  /** 0: any free port (tests). */
  port: number;
  /** Lower case. */
  domain: string;
}

export interface SmsProviderConfig {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/**
 * Why this configuration cannot serve as one of several app servers, or null. With DATABASE_URL and S3_BUCKET
 * together the data folder holds nothing but the app secret that `resolveAppSecret` (lib/tokens.ts) would generate
 * into it: each process (each machine, each fresh container) would invent its own, and a link one signed would be
 * refused by the others, and by itself after a redeploy. That is the configuration of several servers (ADR 0043),
 * so the server refuses to start rather than sign links that will break; `generatedSecretFile` names the secret an
 * earlier start generated, whose value keeps the links already sent working. Checked by startServer only: the CLI
 * signs nothing.
 */
export function severalServersProblem(
  config: Pick<Config, 'databaseUrl' | 's3' | 'appSecret'>,
  generatedSecretFile: string,
): string | null {
  if (!config.databaseUrl || !config.s3 || config.appSecret) return null;
  return (
    'Invalid configuration:\n  APP_SECRET is not set: with DATABASE_URL and S3_BUCKET nothing else is kept in the data ' +
    'folder, so each app process would sign links with a secret of its own that the others refuse. Set the same ' +
    `APP_SECRET (at least 16 characters, e.g. \`openssl rand -base64 32\`) on every process; if ${generatedSecretFile} ` +
    'exists, use its value to keep the links already sent working'
  );
}

/** The address's ceiling of failed sign-ins, as a multiple of an account's, unless LOGIN_ADDRESS_RATE_LIMIT is set. */
const LOGIN_ADDRESS_FACTOR = 5;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (DATABASE_URL=) means "not set", as shells and .env files commonly write it.
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  // Half a setting is a mistake to report, not a feature to leave off quietly.
  if ((e.INBOUND_SMTP_PORT === undefined) !== (e.INBOUND_MAIL_DOMAIN === undefined)) {
    throw new Error(
      'Invalid configuration:\n  INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN turn inbound email on together: set both or neither',
    );
  }
  // Object storage is all or nothing: a bucket without its keys (or keys without a bucket) is refused by name.
  const s3Asked = S3_VARIABLES.some((name) => given[name] !== undefined);
  const s3Missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  if (s3Asked && s3Missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n  ${s3Missing.join(', ')} ${s3Missing.length === 1 ? 'is' : 'are'} not set: object storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE are optional); set them, or unset every S3_* variable to keep uploads in the data folder`,
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(e.MEND_DATA_DIR),
    demo: e.MEND_DEMO ?? !e.DATABASE_URL,
    webDist: path.resolve(e.MEND_WEB_DIST),
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginAddressRateLimit: e.LOGIN_ADDRESS_RATE_LIMIT ?? LOGIN_ADDRESS_FACTOR * e.LOGIN_RATE_LIMIT,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    repoRoot,
    mailRateLimit: e.MAIL_RATE_LIMIT,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_PROVIDER_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            url: e.SMS_PROVIDER_URL.replace(/\/$/, ''),
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : null,
    appSecret: e.APP_SECRET ?? null,
    outboxPollMs: e.OUTBOX_POLL_MS,
    outboxWorker: e.OUTBOX_WORKER ?? e.NODE_ENV !== 'test',
    dueWorkPollMs: e.DUE_WORK_POLL_MS,
    dueWorkWorker: e.DUE_WORK_WORKER ?? e.NODE_ENV !== 'test',
    inboundMail:
      e.INBOUND_SMTP_PORT !== undefined && e.INBOUND_MAIL_DOMAIN
        ? {
            host: e.INBOUND_SMTP_HOST,
            port: e.INBOUND_SMTP_PORT,
            domain: e.INBOUND_MAIL_DOMAIN.toLowerCase(),
          }
        : null,
    exportBatchRows: e.EXPORT_BATCH_ROWS,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
    checkAnswers: e.NODE_ENV === 'test',
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : null,
  };
}
