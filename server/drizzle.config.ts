import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate -w server` writes forward-only SQL into ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its tables beside itself (issue 34 item 1).
  schema: './src/modules/*/tables.ts',
  out: './drizzle',
});
