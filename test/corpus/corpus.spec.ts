/**
 * The corpus of recorded games (test/corpus/games/, written by
 * record-corpus.e2e-spec.ts): every record must still verify under the rules
 * code of today, with each move decided again to the very events stored and
 * the game folding to its recorded result. A change to a ruleset that would
 * decide a stored game differently fails here: raise the ruleset's
 * `version`, and where an event's shape changed, give it an `upcast`
 * beside the game's code, so that old records still verify.
 */
import { basename, dirname, join } from 'node:path';
import { RULESETS_HOSTED } from '../../src/games';
import { verifyRecord } from '../../src/records/verify-record';
import { corpusFiles, readCorpusRecord } from './corpus-files';

const rulesetFor = (id: string) => RULESETS_HOSTED.find((ruleset) => ruleset.id === id);
const files = corpusFiles();

describe('the corpus of recorded games', () => {
  it('holds finished games of every hosted ruleset, for every number of players', () => {
    // `five-tribes/3p-defaults-1.json.gz` is of the kind `five-tribes/3p`.
    const kinds = new Set(files.map((file) => join(dirname(file), basename(file).split('-')[0])));
    for (const ruleset of RULESETS_HOSTED) {
      for (let seats = ruleset.minSeats; seats <= ruleset.maxSeats; seats++) expect(kinds).toContain(join(ruleset.id, `${seats}p`));
    }
  });

  it.each(files)('%s still verifies and folds to its recorded result', (file) => {
    const record = readCorpusRecord(file);
    expect(record.game.status).toBe('FINISHED');
    expect(verifyRecord(record, rulesetFor)).toMatchObject({ ok: true, complete: true });
  });
});
