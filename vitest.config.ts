import { defineConfig } from 'vitest/config';

/** Unit and API tests of every workspace (browser tests have their own config in apps/web/e2e). */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/web', 'apps/server'],
  },
});
