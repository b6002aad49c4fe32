/** Where the corpus of recorded games lives (see record-corpus.e2e-spec.ts and corpus.spec.ts). */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { GameRecord } from '../../src/records/game-record';

export const CORPUS_DIR = join(__dirname, 'games');

/** Records are kept gzipped: a long game's record is mostly repeated keys. `npm run verify` reads them as they are. */
export const CORPUS_SUFFIX = '.json.gz';

/** `five-tribes/3p-defaults-1.json.gz`. */
export function corpusFileName(rulesetId: string, seats: number, label: string, n: number): string {
  return join(rulesetId, `${seats}p-${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${n}${CORPUS_SUFFIX}`);
}

/** Every record of the corpus, by its name under CORPUS_DIR. */
export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(CORPUS_DIR, dir.name))
        .filter((file) => file.endsWith(CORPUS_SUFFIX))
        .map((file) => join(dir.name, file)),
    )
    .sort();
}

export function readCorpusRecord(name: string): GameRecord {
  return JSON.parse(gunzipSync(readFileSync(join(CORPUS_DIR, name))).toString('utf8')) as GameRecord;
}

export function writeCorpusRecord(name: string, record: GameRecord): void {
  writeFileSync(join(CORPUS_DIR, name), gzipSync(`${JSON.stringify(record)}\n`, { level: 9 }));
}
