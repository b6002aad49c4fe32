/**
 * `npm run ratings -- [--group ID] <record.json[.gz]…>`: the ratings of the
 * games in these records, computed on this machine without a database,
 * exactly as the server computes them (src/ratings/rated-records.ts): prints
 * `{ tables: [{ ruleset, ratings: [{ userId, rating, deviation, games,
 * provisional }] }], unrated: [{ file, reason }] }`, highest rating first.
 * Exits with 1 when a record is not a finished game's whole record or does
 * not verify (naming it), 2 when a file cannot be read.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { RULESETS_HOSTED } from '../src/games';
import type { RatedGame } from '../src/play/platform/rated-games';
import type { GameRecord } from '../src/records/game-record';
import { ratingTables, recordVerdict, UnusableRecord } from '../src/ratings/rated-records';
import { runTool } from './run-tool';

const USAGE = 'usage: npm run ratings -- [--group ID] <record.json…>';

function readRecord(file: string): GameRecord {
  const bytes = readFileSync(file);
  return JSON.parse((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) as GameRecord;
}

runTool(async () => {
  const args = process.argv.slice(2);
  const groupId = args[0] === '--group' ? args[1] : null;
  const files = groupId === null ? args : args.slice(2);
  if (files.length === 0 || (args[0] === '--group' && !groupId) || files.some((file) => file.startsWith('--'))) throw new Error(USAGE);
  const rated: RatedGame[] = [];
  const unrated: Array<{ file: string; reason: string }> = [];
  for (const file of files) {
    try {
      const verdict = recordVerdict(readRecord(file), (id) => RULESETS_HOSTED.find((ruleset) => ruleset.id === id));
      if (verdict.rated) rated.push(verdict);
      else unrated.push({ file, reason: verdict.reason });
    } catch (error) {
      if (!(error instanceof UnusableRecord)) throw error;
      console.log(`${file}: not rated: ${error.message}`);
      return 1;
    }
  }
  console.log(JSON.stringify({ tables: ratingTables(rated, groupId), unrated }, null, 2));
  return 0;
});
