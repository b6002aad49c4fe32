/**
 * `npm run verify -- <record.json[.gz] | --game ID>`: checks a game's record with
 * the rules code (src/records/verify-record.ts) and prints "verified" or the
 * first step that does not hold; exits with 0 when verified, 1 when not, 2
 * when the record cannot be read, and 3 when the game was stored before the
 * server recorded what checking it needs ("not verifiable": nothing was found
 * wrong, but its moves cannot be decided again). A file needs no database: the record of a
 * finished game, downloaded from any server running these rules, is checked
 * on this machine. `--game ID` checks the game as this server stores it
 * (DATABASE_URL, or the embedded database), server seed included, running or not.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { RULESETS_HOSTED } from '../src/games';
import type { GameRecord } from '../src/records/game-record';
import { verdictText, verifyRecord } from '../src/records/verify-record';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run verify -- <record.json | --game ID>';

/** The stored game's record, read through the server's code: loaded only here, as a file is checked without it. */
async function storedRecord(gameId: string): Promise<GameRecord> {
  const [{ withServerGames }, { RecordsService }] = await Promise.all([import('./records-context'), import('../src/records/records.service')]);
  return withServerGames((context) => context.get(RecordsService).wholeRecord(gameId));
}

async function recordToCheck(args: string[]): Promise<GameRecord> {
  if (args[0] === '--game' && args.length === 2) return storedRecord(args[1]);
  if (args.length === 1 && !args[0].startsWith('--')) {
    const bytes = readFileSync(args[0]);
    // A gzipped record (as test/corpus keeps them) is read as it is.
    return JSON.parse((args[0].endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as GameRecord;
  }
  throw new Error(USAGE);
}

runTool(async () => {
  const record = await recordToCheck(process.argv.slice(2));
  const verdict = verifyRecord(record, (id) => RULESETS_HOSTED.find((ruleset) => ruleset.id === id));
  console.log(verdictText(verdict));
  return verdict.ok ? 0 : verdict.unverifiable ? 3 : 1;
});
