/**
 * Writes the corpus of recorded games (test/corpus/games/<ruleset>/*.json.gz) that
 * corpus.spec.ts verifies on every run: seeded games played through the
 * server's own GameService on a real database, with seeded random choices
 * among the listed moves, an undo and a host rollback in some, then saved
 * as the records the server gives out. Run only on purpose, when the corpus
 * should grow (`npm run corpus:record`): a corpus rewritten after a change
 * to the rules would hide exactly what it is there to catch.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PrismaService } from '../../src/database/prisma.service';
import { RULESETS_HOSTED } from '../../src/games';
import { RulesetRegistry } from '../../src/play/ruleset-registry';
import { optionSets } from '../../src/games/test-support/option-sets';
import type { GameService } from '../../src/play/game.service';
import { gameStatus } from '../../src/play/game-state';
import { RecordsService } from '../../src/records/records.service';
import type { AnyRuleset, GameOptions } from '../../src/rules/contract';
import { seededRandom } from '../../src/rules/random';
import { createTestDatabase, TestDatabase } from '../support/database';
import { playStack } from '../support/play-stack';
import { CORPUS_DIR, corpusFileName, writeCorpusRecord } from './corpus-files';

/** Games per ruleset, seat count and option set: more of the defaults, one of each variant. */
const GAMES_WITH_DEFAULTS = 2;
const MAX_MOVES = 5000;

interface CorpusGame {
  ruleset: AnyRuleset;
  seats: number;
  label: string;
  options: GameOptions;
  n: number;
}

function corpusGames(): CorpusGame[] {
  return RULESETS_HOSTED.flatMap((ruleset) =>
    optionSets(ruleset).flatMap(({ label, options }, variant) =>
      Array.from({ length: ruleset.maxSeats - ruleset.minSeats + 1 }, (_, i) => ruleset.minSeats + i).flatMap((seats) =>
        Array.from({ length: variant === 0 ? GAMES_WITH_DEFAULTS : 1 }, (_, n) => ({ ruleset, seats, label, options, n: n + 1 })),
      ),
    ),
  );
}

const recording = process.env.WRITE_CORPUS === 'true';

(recording ? describe : describe.skip)('recording the corpus of games (npm run corpus:record)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let service: GameService;
  let records: RecordsService;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService(db.url);
    const stack = playStack(prisma, RULESETS_HOSTED, 100);
    service = stack.service;
    records = new RecordsService(prisma, stack.store, service, new RulesetRegistry(RULESETS_HOSTED));
  });
  afterAll(async () => {
    await prisma.close();
    await db.drop();
  });

  async function play(game: CorpusGame): Promise<void> {
    const name = corpusFileName(game.ruleset.id, game.seats, game.label, game.n);
    const players = await Promise.all(Array.from({ length: game.seats }, (_, seat) => prisma.user.create({ data: { displayName: `Player ${seat + 1}` } })));
    const chooser = seededRandom(`corpus:${name}`);
    // Started by the host, as the corpus's games were recorded (autoStart came later): its records stay the same.
    const created = await service.createGame(players[0].id, {
      ruleset: game.ruleset.id,
      seats: game.seats,
      options: game.options,
      seed: `corpus ${name}`,
      autoStart: false,
    });
    const gameId = created.row.id;
    for (const [seat, player] of players.entries()) if (seat > 0) await service.joinGame(player.id, gameId, { seat });
    let loaded = await service.startGame(players[0].id, gameId);
    let undone = false;
    let rolledBack = game.n !== 1;
    /** The version before each move: where a rollback leaves someone to act. */
    const beforeMoves: number[] = [];
    for (let moves = 0; loaded.row.status === 'ACTIVE'; moves++) {
      if (moves > MAX_MOVES) throw new Error(`${name} did not finish within ${MAX_MOVES} moves`);
      const status = gameStatus(loaded.ruleset, loaded.state)!;
      const seat = status.activeSeats[chooser.int(status.activeSeats.length)];
      const legal = loaded.ruleset.legalMoves(loaded.state.rules, seat) as unknown[];
      const move = legal[chooser.int(legal.length)];
      beforeMoves.push(loaded.row.version);
      const moved = await service.submitMove(players[seat].id, gameId, move, loaded.row.version);
      // Once per game: a step taken back where the rules allow it, and (in the first game of each kind) a host rollback of a few steps.
      if (!undone && moved.state.undoable.at(-1)?.seat === seat && moved.row.status === 'ACTIVE') {
        undone = true;
        loaded = await service.undoMove(players[seat].id, gameId);
      } else if (!rolledBack && moves >= 30 && moved.row.status === 'ACTIVE') {
        rolledBack = true;
        loaded = await service.rollbackGame(players[0].id, gameId, beforeMoves[beforeMoves.length - 4], 'Recorded for the corpus');
      } else {
        loaded = moved;
      }
    }
    const record = await records.recordFor(gameId, undefined);
    mkdirSync(join(CORPUS_DIR, game.ruleset.id), { recursive: true });
    writeCorpusRecord(name, record);
  }

  for (const game of corpusGames()) {
    it(`${game.ruleset.id}, ${game.seats} players, ${game.label}, game ${game.n}`, () => play(game));
  }
});
