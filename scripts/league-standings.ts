/**
 * `npm run league-standings -- <league.json> <record.json[.gz]…>`: a league's
 * standings recomputed with no database, from its definition (the league's
 * `definition` field in the API, saved as a file) and its games' records
 * (/games/<id>/record.json), by the same code the server computes them with
 * (src/leagues/). Each record is verified first, as `npm run verify` does:
 * exits with 1 when one does not verify, 2 when a file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { RULESETS_HOSTED } from '../src/games';
import { type GameOutcome, type LeagueDefinition, leagueResults } from '../src/leagues/league-results';
import { standings } from '../src/leagues/standings';
import type { GameRecord } from '../src/records/game-record';
import { verdictText, verifyRecord } from '../src/records/verify-record';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run league-standings -- <league.json> <record.json…>';

function readJson<T>(path: string): T {
  const bytes = readFileSync(path);
  return JSON.parse((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as T;
}

function outcomeOf(record: GameRecord): GameOutcome {
  const result = record.result;
  return { ended: result !== null, result: result && { winners: result.winners, scores: result.scores ?? undefined, detail: result.detail ?? undefined } };
}

runTool(async () => {
  const [leagueFile, ...recordFiles] = process.argv.slice(2);
  if (!leagueFile) throw new Error(USAGE);
  const definition = readJson<LeagueDefinition>(leagueFile);
  const outcomes = new Map<string, GameOutcome>();
  const names = new Map<string, string>();
  for (const file of recordFiles) {
    const record = readJson<GameRecord>(file);
    const verdict = verifyRecord(record, (id) => RULESETS_HOSTED.find((ruleset) => ruleset.id === id));
    if (!verdict.ok) {
      console.error(`${file}: ${verdictText(verdict)}`);
      return 1;
    }
    outcomes.set(record.game.id, outcomeOf(record));
    const table = definition.tables.find((each) => each.gameId === record.game.id);
    table?.seated.forEach((userId, seat) => names.set(userId, record.seats[seat]?.displayName ?? userId));
  }
  const rows = standings(leagueResults(definition, (gameId) => outcomes.get(gameId)));
  console.log(['place', 'player', 'points', 'tieBreak', 'played', 'left'].join('\t'));
  rows.forEach((row, i) => console.log([i + 1, names.get(row.user) ?? row.user, row.points, row.tieBreak, row.played, row.left].join('\t')));
  return 0;
});
