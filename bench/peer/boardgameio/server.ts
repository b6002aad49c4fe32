/**
 * boardgame.io's own server (`Server` from boardgame.io/server: Koa, its lobby
 * API and its socket.io transport) with its PostgreSQL adapter, serving the
 * counting game on PORT against DATABASE_URL, as its documentation sets it
 * up. Run with NODE_ENV=production, as deployed: boardgame.io then skips its
 * development checks and logs. Its connection pool is as large as this
 * server's (20; Sequelize's default is 5), so that neither waits for
 * connections the other has. Prints `LISTENING <url>` once it accepts
 * connections.
 */
import { PostgresStore } from 'bgio-postgres';
import { Server } from 'boardgame.io/server';
import { countingGame } from './counting-game';

/** As this server's (src/database/prisma.service.ts). */
const POOL_SIZE = 20;

async function serve(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const port = Number(process.env.PORT);
  if (!databaseUrl || !port) throw new Error('DATABASE_URL and PORT are required');
  const server = Server({ games: [countingGame], db: new PostgresStore(databaseUrl, { logging: false, pool: { max: POOL_SIZE } }), origins: [] });
  await server.run(port);
  console.log(`LISTENING http://127.0.0.1:${port}`);
}

serve().catch((error) => {
  console.error(error);
  process.exit(1);
});
