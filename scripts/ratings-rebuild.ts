/**
 * `npm run ratings:rebuild`: the ratings' tables written afresh from every
 * finished game's events, in one transaction (src/ratings/ratings.service.ts),
 * on DATABASE_URL or the embedded database. The numbers are those the
 * server wrote as the games ended, and those `npm run ratings` computes
 * from the games' records.
 */
import { RatingsService } from '../src/ratings/ratings.service';
import { withServerGames } from './records-context';
import { runTool } from './run-tool';

runTool(async () => {
  const { games, rated } = await withServerGames((context) => context.get(RatingsService).rebuild());
  console.log(`ratings rebuilt: ${rated} rated of ${games} finished games`);
  return 0;
});
