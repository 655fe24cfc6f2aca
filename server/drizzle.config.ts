import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate -w server` writes forward-only SQL into ./drizzle. */
export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its tables beside itself (issue 34 item 1).
  // A module whose tables.ts is full adds `<topic>-tables.ts` beside it (commerce's session-schedule-tables.ts).
  schema: ['./src/modules/*/tables.ts', './src/modules/*/*-tables.ts'],
  out: './drizzle',
});
