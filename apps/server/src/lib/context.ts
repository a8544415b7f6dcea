/**
 * What a service needs from the app: the database, the stored files, the log, the configuration, the links its
 * messages carry and the request limits. The Fastify app is one (routes pass `app`); every service takes it whole.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { MessagingContext } from './outbox/context';
import type { RateLimits } from './rate-limits';
import type { FileStorage } from './storage';

export interface ServiceContext {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  config: Config;
  messaging: MessagingContext;
  rateLimits: RateLimits;
}
