/**
 * `npm run db:verify`: checks the hash chain of every game (in DATABASE_URL,
 * or the embedded PostgreSQL under DATA_DIR), prints each game whose history
 * does not match its hashes, and exits with 1 if there is any.
 */
import { loadConfig } from '../src/config/config';
import { connectDatabase } from '../src/database/connect';
import { PrismaService } from '../src/database/prisma.service';
import { verifyAllGames } from '../src/event-store/verify-all';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  // A configured database is only read (as the server's role will do); the embedded one is started as the server starts it.
  const database = config.databaseUrl
    ? { url: config.databaseUrl, stop: async () => {} }
    : await connectDatabase(config, { info: console.log, warn: console.warn });
  const prisma = new PrismaService(database.url);
  try {
    const result = await verifyAllGames(prisma, (game) =>
      console.log(
        `game ${game.gameId} (${game.ruleset}, version ${game.version}): event ${game.firstBadSeq} ${game.missing ? 'is missing' : 'does not match its hash chain'}`,
      ),
    );
    const checked = `Checked ${result.games} game${result.games === 1 ? '' : 's'} (${result.events} events)`;
    if (result.broken.length === 0) {
      console.log(`${checked}: every history matches its hashes.`);
      return 0;
    }
    console.log(`${checked}: ${result.broken.length} with a history changed in the database (listed above).`);
    return 1;
  } finally {
    await prisma.close();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
