/**
 * The worker of time-based work (issue 25: assignments nobody answered, reminders of visits). Each job is a
 * function that, in one transaction, claims the items due at `now` with `FOR UPDATE SKIP LOCKED`, acts on them and
 * records that it did (the same transaction writes the messages to the outbox), so:
 * - a second process skips the rows the first holds, and once its transaction commits they are no longer due:
 *   nothing is done twice;
 * - a process that dies mid-way rolls back: the items stay due and the next look takes them: nothing is skipped.
 * The loop looks every `pollMs` (at once again after a full batch, lib/poll-loop.ts); the clock is injectable so
 * tests move it.
 */
import { PollLoop } from './poll-loop';

export interface DueJob {
  /** For the log. */
  name: string;
  /** Claims and does up to `batch` due items at `now`; answers how many it did. */
  run(now: Date, batch: number): Promise<number>;
}

interface Logger {
  error(object: object, message: string): void;
}

export interface DueWorkerOptions {
  jobs: DueJob[];
  pollMs: number;
  /** Items one job claims per look. */
  batchSize?: number;
  now?: () => Date;
  log?: Logger;
  /** Called after a look in which some job did something (what is kept from the data is then out of date). */
  afterWork?: () => void;
}

export const DUE_WORK_BATCH = 20;

export class DueWorker {
  private readonly jobs: DueJob[];
  private readonly batchSize: number;
  private readonly now: () => Date;
  private readonly log: Logger;
  private readonly polling: PollLoop;
  private readonly afterWork: () => void;

  constructor(options: DueWorkerOptions) {
    this.jobs = options.jobs;
    this.batchSize = options.batchSize ?? DUE_WORK_BATCH;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? { error() {} };
    this.afterWork = options.afterWork ?? (() => {});
    // A job that filled its batch may have more due: look again at once.
    this.polling = new PollLoop(async () => {
      const done = await this.runOnce();
      return Object.values(done).some((count) => count >= this.batchSize);
    }, options.pollMs);
  }

  /** One look at every job; answers how many items each did. A failing job does not stop the others. */
  async runOnce(): Promise<Record<string, number>> {
    const done: Record<string, number> = {};
    for (const job of this.jobs) {
      try {
        done[job.name] = await job.run(this.now(), this.batchSize);
      } catch (error) {
        done[job.name] = 0;
        this.log.error({ err: error, job: job.name }, 'due work failed; it stays due');
      }
    }
    if (Object.values(done).some((count) => count > 0)) this.afterWork();
    return done;
  }

  start(): void {
    this.polling.start();
  }

  stop(): Promise<void> {
    return this.polling.stop();
  }
}
