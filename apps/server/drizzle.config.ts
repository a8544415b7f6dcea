/** drizzle-kit: `npm run db:generate` writes a new migration from the schema. Never edit a committed migration. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});
