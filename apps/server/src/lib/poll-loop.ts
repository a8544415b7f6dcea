/**
 * The background loop of the app's workers (the outbox, the due work): one look, then the next at once when the
 * look was busy (a full batch: more may be waiting) or after `pollMs` when it was not, until `stop()`, which waits
 * for the look in progress. The timer does not keep the process alive.
 */
export class PollLoop {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;

  /** `look` answers whether it was busy; it must not throw (each worker logs its own failures). */
  constructor(
    private readonly look: () => Promise<boolean>,
    private readonly pollMs: number,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const tick = async (): Promise<void> => {
      const busy = await this.look();
      if (!this.running) return;
      this.timer = setTimeout(
        () => {
          this.loop = tick();
        },
        busy ? 0 : this.pollMs,
      );
      this.timer.unref();
    };
    this.loop = tick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop;
    this.loop = null;
  }
}
