/** The workers' background loop (lib/poll-loop.ts): at once after a busy look, after the wait otherwise, until stopped. */
import { describe, expect, it } from 'vitest';
import { PollLoop } from '../src/lib/poll-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PollLoop', () => {
  it('looks again at once while busy, then waits, and stops after the look in progress', async () => {
    let looks = 0;
    let busyLooks = 3;
    const loop = new PollLoop(async () => {
      looks++;
      await sleep(1);
      return busyLooks-- > 0;
    }, 60_000);
    loop.start();
    loop.start();
    expect(loop.isRunning).toBe(true);
    // Three busy looks and the quiet one after them; the next waits a minute.
    for (let waited = 0; looks < 4 && waited < 5000; waited += 10) await sleep(10);
    await sleep(50);
    expect(looks).toBe(4);
    await loop.stop();
    expect(loop.isRunning).toBe(false);
    await sleep(20);
    expect(looks).toBe(4);
  });

  it('waits its time between quiet looks', async () => {
    let looks = 0;
    const loop = new PollLoop(async () => {
      looks++;
      return false;
    }, 30);
    loop.start();
    await sleep(250);
    await loop.stop();
    expect(looks).toBeGreaterThanOrEqual(2);
    expect(looks).toBeLessThanOrEqual(9);
  });
});
