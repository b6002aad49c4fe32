// Configuration for the Prisma CLI (generate, and migrate on a machine that
// can download Prisma's native engine). The app itself migrates through
// src/database/migrator.ts and never reads this file.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres:postgres@localhost:5432/pbw' },
});
