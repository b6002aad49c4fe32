/**
 * Game records: the move each player submitted, stored with the events it
 * produced and shown in history to those who may see it; a game's record
 * (GET /games/<id>/record.json) for anyone once it is over, and for its
 * players, redacted for each, while it is played; the verifier, which
 * accepts a true record and names the first step of a false one.
 */
import { eventHash, GENESIS_HASH } from '../src/event-store/hash-chain';
import { RULESETS_HOSTED } from '../src/games';
import type { GameRecord } from '../src/records/game-record';
import type { AnyRuleset, RulesEvent } from '../src/rules/contract';
import { verdictText, verifyRecord } from '../src/records/verify-record';
import { gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { tamper } from './support/database';
import { playTurn, seeGame, startCountingGame, submitMove } from './support/counting-api';
import { countingGame } from './support/counting-game';
import { rehashed } from './support/record-forgery';

const rulesetFor = (id: string) => [...RULESETS_HOSTED, countingGame].find((ruleset) => ruleset.id === id);

/** Version 2 of the test ruleset stores an add as `{ by }` where version 1 stored `{ amount }`: its upcaster reads old games. */
const addedAsBy = (event: RulesEvent): RulesEvent => {
  if (event.type !== 'added' || !('amount' in event)) return event;
  const { amount, ...rest } = event;
  return { ...rest, by: amount };
};
const countingWithBy: AnyRuleset = {
  ...countingGame,
  version: 2,
  decide(state, move, seat, random) {
    const decision = countingGame.decide.call(this, state, move, seat, random);
    return decision.ok ? { ...decision, events: decision.events.map(addedAsBy) } : decision;
  },
  evolve: (state, event) => countingGame.evolve(state, event.type === 'added' ? { ...event, amount: event.by } : event),
  upcast: (event) => addedAsBy(event),
};

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

interface Entry {
  seq: number;
  type: string;
  move: unknown;
}

describe('game records (real PostgreSQL)', () => {
  let server: TestServer;
  let ann: Player;
  let bob: Player;

  beforeAll(async () => {
    server = await startTestServer();
    [ann, bob] = await Promise.all(['Ann', 'Bob'].map((name) => registerPlayer(server.url, name)));
  });
  afterAll(() => server.close());

  const recordUrl = (gameId: string) => server.url.replace(/\/graphql$/, `/games/${gameId}/record.json`);

  async function fetchRecord(gameId: string, player?: Player): Promise<{ status: number; body: any }> {
    const response = await fetch(recordUrl(gameId), { headers: player ? { authorization: `Bearer ${player.token}` } : {} });
    return { status: response.status, body: await response.json() };
  }

  async function finishedGame(seed: string): Promise<string> {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed, options: { target: 12 } });
    while ((await seeGame(server.url, gameId)).status !== 'FINISHED') await playTurn(server.url, gameId, [ann, bob]);
    return gameId;
  }

  async function historyAs(gameId: string, player: Player): Promise<Entry[]> {
    const { game } = await gqlOk<{ game: { history: Entry[] } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { history(first: 500) { seq type move } } }`,
      { id: gameId },
      player.token,
    );
    return game.history;
  }

  it('stores each move exactly as submitted on the first event of its step, and shows it to those its step hid nothing from', async () => {
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'moves-as-submitted' });
    const start = await seeGame(server.url, gameId);
    const mover = [ann, bob][start.activeSeats[0]];
    const other = mover === ann ? bob : ann;
    const add = { amount: 2, type: 'add' };
    const added = await submitMove(server.url, gameId, mover, add, start.version);
    const endTurn = { type: 'endTurn' };
    await submitMove(server.url, gameId, mover, endTurn, added.data!.submitMove.version);

    const asMover = await historyAs(gameId, mover);
    const steps = asMover.filter((entry) => entry.move !== null);
    expect(steps.map((entry) => [entry.type, entry.move])).toEqual([
      ['added', add],
      ['cardDrawn', endTurn],
    ]);
    expect(asMover.filter((entry) => entry.type.startsWith('game.')).every((entry) => entry.move === null)).toBe(true);

    // The other player sees the add (nothing hidden in it), not the move whose card is secret to them.
    const asOther = await historyAs(gameId, other);
    expect(asOther.find((entry) => entry.type === 'added')!.move).toEqual(add);
    expect(asOther.find((entry) => entry.type === 'cardDrawn')!.move).toBeNull();
  });

  it("gives a finished game's whole record to anyone, which the verifier accepts, and the page's check says so", async () => {
    const gameId = await finishedGame('record-finished');
    const { status, body } = await fetchRecord(gameId);
    expect(status).toBe(200);
    const record = body as GameRecord;
    expect(record.game).toMatchObject({ id: gameId, ruleset: 'counting', rulesetVersion: 1, status: 'FINISHED' });
    expect(record.seats.map((seat) => seat.displayName)).toEqual(['Ann', 'Bob']);
    expect(record.randomness.serverSeed).toBe('record-finished');
    expect(record.result).not.toBeNull();
    expect(record.events.filter((event) => event.move !== null).length).toBeGreaterThan(5);
    expect(verifyRecord(record, rulesetFor)).toMatchObject({ ok: true, complete: true });

    const { game } = await gqlOk<{ game: { recordCheck: unknown; rulesetVersion: number } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { rulesetVersion recordCheck { verified firstBadSeq problem } } }`,
      { id: gameId },
    );
    expect(game).toEqual({ rulesetVersion: 1, recordCheck: { verified: true, firstBadSeq: null, problem: null } });
  });

  it('rejects a record with one changed payload, a reordered event, a wrong server seed or a move that was not legal, naming the first bad step', async () => {
    const gameId = await finishedGame('record-forged');
    const record = (await fetchRecord(gameId)).body as GameRecord;
    const firstCard = record.events.find((event) => event.type === 'cardDrawn')!;

    const changed = copy(record);
    changed.events[firstCard.seq - 1].payload.card = ((firstCard.payload.card as number) % 9) + 1;
    expect(verifyRecord(changed, rulesetFor)).toMatchObject({ ok: false, seq: firstCard.seq, problem: expect.stringContaining('hash does not match') });

    // Changed, and every hash after it recomputed: the chain holds, but the rules with the recorded randomness drew another card.
    const redrawn = rehashed(changed, firstCard.seq);
    expect(verifyRecord(redrawn, rulesetFor)).toMatchObject({ ok: false, seq: firstCard.seq, problem: expect.stringContaining('decided again gives') });

    const reordered = copy(record);
    [reordered.events[6], reordered.events[7]] = [reordered.events[7], reordered.events[6]];
    expect(verifyRecord(reordered, rulesetFor)).toMatchObject({ ok: false, seq: 7, problem: expect.stringContaining('out of order') });

    const revealed = record.events.find((event) => event.type === 'game.seedRevealed')!;
    const wrongSeed = copy(record);
    wrongSeed.randomness.serverSeed = 'another seed';
    expect(verifyRecord(wrongSeed, rulesetFor)).toMatchObject({ ok: false, seq: revealed.seq, problem: expect.stringContaining('commitment') });
    const forgedReveal = copy(record);
    forgedReveal.events[revealed.seq - 1].payload.serverSeed = 'another seed';
    forgedReveal.randomness.serverSeed = 'another seed';
    expect(verifyRecord(rehashed(forgedReveal, revealed.seq), rulesetFor)).toMatchObject({ ok: false, seq: revealed.seq });

    // A player who added 3 at once (the rules allow 1 or 2), recorded by a server that accepted it.
    const add = record.events.find((event) => event.type === 'added')!;
    const illegal = copy(record);
    illegal.events[add.seq - 1].move = { type: 'add', amount: 3 };
    illegal.events[add.seq - 1].payload.amount = 3;
    expect(verifyRecord(rehashed(illegal, add.seq), rulesetFor)).toMatchObject({
      ok: false,
      seq: add.seq,
      problem: expect.stringContaining('That move is not allowed now.'),
    });
  });

  it('tells a game stored before moves were recorded as not verifiable, on the page and in `npm run verify`, but not a record with one move taken out', async () => {
    const gameId = await finishedGame('record-old-game');
    const recorded = (await fetchRecord(gameId)).body as GameRecord;
    const firstStep = recorded.events.find((event) => event.move !== null)!.seq;
    // Stored as before moves were recorded: no move on any event, each hash made without one (rewritten by the tables' owner).
    const old = rehashed({ ...recorded, events: recorded.events.map((event) => ({ ...event, move: null })) }, 1);
    for (const event of old.events) {
      await tamper(server.db, `UPDATE game_events SET move = NULL, hash = $3 WHERE game_id = $1 AND seq = $2`, [gameId, event.seq, event.hash]);
    }
    // A server that never held the game reads it as stored.
    const fresh = await startTestServer({ db: server.db });
    try {
      const response = await fetch(fresh.url.replace(/\/graphql$/, `/games/${gameId}/record.json`));
      const stored = (await response.json()) as GameRecord;
      const verdict = verifyRecord(stored, rulesetFor);
      expect(verdict).toMatchObject({ ok: false, unverifiable: true, seq: firstStep });
      expect(verdictText(verdict)).toMatch(new RegExp(`^not verifiable: event ${firstStep}: the game was played before the server recorded the moves`));
      const { game } = await gqlOk<{ game: { recordCheck: unknown } }>(
        fresh.url,
        `query($id: ID!) { game(id: $id) { recordCheck { verified verifiable firstBadSeq } } }`,
        { id: gameId },
      );
      expect(game.recordCheck).toEqual({ verified: false, verifiable: false, firstBadSeq: firstStep });
    } finally {
      await fresh.close();
    }

    // A game that recorded its moves, with one later move taken out, is not taken for an old game.
    const later = recorded.events.filter((event) => event.move !== null)[3];
    const stripped = rehashed({ ...recorded, events: recorded.events.map((event) => (event.seq === later.seq ? { ...event, move: null } : event)) }, later.seq);
    expect(verifyRecord(stripped, rulesetFor)).toEqual({ ok: false, seq: later.seq, problem: expect.stringContaining('no move is recorded for its step') });
  });

  it("gives a running game's record only to its players, each seeing nothing they could not see in the game", async () => {
    const eve = await registerPlayer(server.url, 'Eve');
    const gameId = await startCountingGame(server.url, [ann, bob], { seed: 'record-running-secret' });
    for (let turn = 0; turn < 4; turn++) await playTurn(server.url, gameId, [ann, bob]);

    expect((await fetchRecord(gameId)).status).toBe(401);
    expect(await fetchRecord(gameId, eve)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });

    for (const [seat, player] of [ann, bob].entries()) {
      const { status, body } = await fetchRecord(gameId, player);
      expect(status).toBe(200);
      const record = body as GameRecord;
      expect(record.madeFor).toBe(seat);
      expect(record.randomness.serverSeed).toBeNull();
      expect(JSON.stringify(record)).not.toContain('record-running-secret');
      // Every event exactly as the player's own history shows it.
      const history = await gqlOk<{ game: { history: Array<{ seq: number; type: string; payload: unknown; move: unknown }> } }>(
        server.url,
        `query($id: ID!) { game(id: $id) { history(first: 500) { seq type payload move } } }`,
        { id: gameId },
        player.token,
      );
      expect(record.events.map(({ seq, type, payload, move }) => ({ seq, type, payload, move }))).toEqual(history.game.history);
      // Another's cards are hidden, and their client move ids are theirs.
      const othersCards = record.events.filter((event) => event.type === 'cardDrawn' && event.payload.seat !== seat);
      expect(othersCards.length).toBeGreaterThan(0);
      for (const event of othersCards) expect(event).toMatchObject({ redacted: true, payload: { seat: 1 - seat }, clientMoveId: null, salt: null });
      // Nor can they be found from the hashes, by trying every card (1-9) until one hashes as shown (with the move
      // that draws one, which everyone knows), the way the player's own cards can: hidden events' salts are
      // withheld, and each hash covers its event's salt.
      const cardsHashingAs = (event: GameRecord['events'][number]) =>
        [1, 2, 3, 4, 5, 6, 7, 8, 9].filter(
          (card) =>
            eventHash(event.seq === 1 ? GENESIS_HASH : record.events[event.seq - 2].hash, {
              ...event,
              payload: { ...event.payload, card },
              move: { type: 'endTurn' },
              gameId,
              at: new Date(event.at),
            }) === event.hash,
        );
      const ownCards = record.events.filter((event) => event.type === 'cardDrawn' && event.payload.seat === seat);
      for (const event of ownCards) expect(cardsHashingAs(event)).toEqual([event.payload.card]);
      for (const event of othersCards) expect(cardsHashingAs(event)).toEqual([]);
      // The chain of what the player may see holds; the moves wait for the end of the game.
      expect(verifyRecord(record, rulesetFor)).toMatchObject({ ok: true, complete: false });
    }
  });

  it('verifies a record made under an older version of the rules through the upcaster beside the rules, and not without it', async () => {
    const gameId = await finishedGame('record-upcast');
    const record = (await fetchRecord(gameId)).body as GameRecord;
    expect(record.game.rulesetVersion).toBe(1);
    expect(verifyRecord(record, () => countingWithBy)).toMatchObject({ ok: true, complete: true });
    const firstAdd = record.events.find((event) => event.type === 'added')!;
    expect(verifyRecord(record, () => ({ ...countingWithBy, upcast: undefined }))).toMatchObject({ ok: false, seq: firstAdd.seq });
  });
});
