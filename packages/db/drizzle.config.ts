/** drizzle-kit configuration: `npm run db:generate -w @parvoz/db` writes a new migration from src/schema.ts. */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
