/**
 * `npm run games:revalidate [-- --ruleset ID | --game ID]`: decides every
 * live game's history again under the rules of today (src/records/revalidation.ts),
 * prints each game's outcome, marks each (`Game.rulesCheck`), mails the host
 * of each game that no longer holds, and exits with 1 if any does not. Games
 * stored before moves were recorded cannot be decided again: they are
 * counted apart ("not verifiable"), and do not fail the run.
 */
import { Revalidation, RevalidationScope } from '../src/records/revalidation';
import { verdictText } from '../src/records/verify-record';
import { withServerGames } from './records-context';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run games:revalidate [-- --ruleset ID | --game ID]';

function scopeOf(args: string[]): RevalidationScope {
  if (args.length === 0) return {};
  if (args.length === 2 && args[0] === '--ruleset') return { ruleset: args[1] };
  if (args.length === 2 && args[0] === '--game') return { gameId: args[1] };
  throw new Error(USAGE);
}

runTool(async () => {
  const scope = scopeOf(process.argv.slice(2));
  const games = await withServerGames((context) =>
    context
      .get(Revalidation)
      .run(scope, (game) =>
        console.log(`game ${game.gameId} (${game.ruleset}): ${game.check.ok ? 'holds' : verdictText(game.verdict)}${game.hostMailed ? ' (host mailed)' : ''}`),
      ),
  );
  const failing = games.filter((game) => !game.check.ok && game.check.verifiable !== false).length;
  const unverifiable = games.filter((game) => game.check.verifiable === false).length;
  const apart = unverifiable === 0 ? '' : ` (${unverifiable} stored before moves were recorded could not be checked)`;
  console.log(
    `Checked ${games.length} game${games.length === 1 ? '' : 's'} under today's rules: ${failing === 0 ? 'every one holds' : `${failing} no longer hold${failing === 1 ? 's' : ''}`}${apart}.`,
  );
  return failing === 0 ? 0 : 1;
});
