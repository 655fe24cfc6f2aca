import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate -w server` writes forward-only SQL into ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
