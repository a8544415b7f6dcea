/**
 * Starts Mend: configuration, database (migrated), demo data on an empty database, then the HTTP server.
 * The work is start.ts's (`startServer`), which a test harness may also call with a clock of its own.
 */
import { startServer } from './start';

await startServer();
