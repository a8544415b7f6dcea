import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Fault tests: real server processes against a private PostgreSQL cluster (initdb in a temporary folder)
 * that they stop, restart and SIGKILL around. Files run one after another: each starts its own cluster.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.faults.ts'],
    setupFiles: ['./helpers/print-on-failure.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
