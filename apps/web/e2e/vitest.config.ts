import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests: a real server (built web app, fresh embedded database with demo data) and Debian's Chromium. */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server for the whole run; files run one after another.
    fileParallelism: false,
    // What a poll waits for (a refetch after a click, a live event) can take seconds on a busy CI machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
