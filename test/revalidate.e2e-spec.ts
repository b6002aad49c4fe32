/**
 * `games:revalidate`: live games decided again under a changed rule. The
 * test ruleset in two versions: version 2 allows adding at most 2 to the
 * counter per turn, where version 1 allowed 3, so a game in which someone
 * added 3 in one turn no longer holds from that step on. It is marked, its
 * host is mailed once with a way back to just before that step, and its
 * history is left as it was.
 */
import { Revalidation } from '../src/records/revalidation';
import type { AnyRuleset } from '../src/rules/contract';
import { RULESETS_HOSTED } from '../src/games';
import { gqlOk, Player, registerPlayer, startTestServer, TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame, submitMove } from './support/counting-api';
import { countingGame, CountingState } from './support/counting-game';
import { asRole, createTestDatabase, TestDatabase } from './support/database';
import { SmtpInbox } from './support/smtp-inbox';

const countingVersion2: AnyRuleset = {
  ...countingGame,
  version: 2,
  legalMoves(state: CountingState, seat: number) {
    return countingGame.legalMoves(state, seat).filter((move) => move.type !== 'add' || state.addedThisTurn + move.amount <= 2);
  },
};

describe('games:revalidate (real PostgreSQL)', () => {
  let db: TestDatabase;
  let server: TestServer;
  let ann: Player;
  let bob: Player;
  let cat: Player;

  let inbox: SmtpInbox;

  beforeAll(async () => {
    db = await createTestDatabase();
    inbox = await SmtpInbox.start();
  });
  afterAll(async () => {
    await server?.close();
    await db.drop();
    await inbox.stop();
  });

  async function rulesCheckOf(gameId: string) {
    const { game } = await gqlOk<{ game: { version: number; rulesetVersion: number; rulesCheck: unknown } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { version rulesetVersion rulesCheck { ok firstBadSeq checkedAt rulesetVersion } } }`,
      { id: gameId },
    );
    return game;
  }

  it('flags a live game whose history a changed rule makes illegal, tells its host once, and changes no history', async () => {
    server = await startTestServer({ db });
    [ann, bob, cat] = await Promise.all(['Ann', 'Bob', 'Cat'].map((name) => registerPlayer(server.url, name)));
    const annEmail = (await gqlOk<{ me: { email: string } }>(server.url, '{ me { email } }', {}, ann.token)).me.email;
    /** Under version 1: a turn of 1 + 2 = 3 (allowed then); the version of its second step, the bad one. */
    async function turnOfThree(gameId: string, players: Player[]): Promise<number> {
      const game = await seeGame(server.url, gameId);
      const mover = players[game.activeSeats[0]];
      const first = await submitMove(server.url, gameId, mover, { type: 'add', amount: 1 }, game.version);
      const second = await submitMove(server.url, gameId, mover, { type: 'add', amount: 2 }, first.data!.submitMove.version);
      await submitMove(server.url, gameId, mover, { type: 'endTurn' }, second.data!.submitMove.version);
      return second.data!.submitMove.version;
    }
    // A turn of three in one game; only turns of 1 in the other.
    const changed = await startCountingGame(server.url, [ann, bob], { seed: 'revalidate-changed' });
    await playTurn(server.url, changed, [ann, bob]);
    const badStep = await turnOfThree(changed, [ann, bob]);
    await playTurn(server.url, changed, [ann, bob]);
    const unchanged = await startCountingGame(server.url, [ann, bob], { seed: 'revalidate-unchanged' });
    for (let turn = 0; turn < 3; turn++) await playTurn(server.url, unchanged, [ann, bob]);
    // And one where a player left after the turn of three: the game can no longer go back before it.
    const leftSince = await startCountingGame(server.url, [ann, bob, cat], { seed: 'revalidate-left-since' });
    const badBeforeLeaving = await turnOfThree(leftSince, [ann, bob, cat]);
    await gqlOk(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: leftSince }, cat.token);
    await playTurn(server.url, leftSince, [ann, bob, cat]);
    const versionBefore = (await seeGame(server.url, changed)).version;
    await server.close();

    // The fix is deployed: the server now plays version 2.
    server = await startTestServer({
      db,
      rulesets: [...RULESETS_HOSTED, countingVersion2],
      mail: { transportUrl: inbox.url, from: 'games@example.org', publicUrl: 'http://play.example', delivery: { pollingIntervalSeconds: 0.5 } },
    });
    const results = await server.app.get(Revalidation).run({ ruleset: 'counting' });
    expect(results.map((r) => [r.gameId, r.check.ok, r.check.firstBadSeq, r.hostMailed])).toEqual([
      [changed, false, badStep, true],
      [unchanged, true, null, false],
      [leftSince, false, badBeforeLeaving, true],
    ]);
    expect(results[0].verdict).toMatchObject({ ok: false, seq: badStep, problem: expect.stringContaining('That move is not allowed now.') });

    expect(await rulesCheckOf(changed)).toEqual({
      version: versionBefore,
      rulesetVersion: 1,
      rulesCheck: { ok: false, firstBadSeq: badStep, checkedAt: expect.any(String), rulesetVersion: 2 },
    });
    expect((await rulesCheckOf(unchanged)).rulesCheck).toMatchObject({ ok: true, firstBadSeq: null, rulesetVersion: 2 });

    const mails = await asRole(
      db.ownerUrl,
      async (owner) => (await owner.query(`SELECT user_id, game_id, details FROM notifications WHERE kind = 'RULES_CHECK_FAILED'`)).rows,
    );
    // The link goes where the host may roll back to: none for the game a player left since the bad step.
    expect(mails).toHaveLength(2);
    expect(mails).toEqual(
      expect.arrayContaining([
        { user_id: ann.id, game_id: changed, details: { firstBadSeq: badStep, rollbackTo: badStep - 1 } },
        { user_id: ann.id, game_id: leftSince, details: { firstBadSeq: badBeforeLeaving, rollbackTo: null } },
      ]),
    );
    const [mail] = await inbox.waitFor(annEmail, /^A corrected rule affects your game/, { containing: changed });
    // The bad step as the history counts moves, not its internal number.
    const { game: counted } = await gqlOk<{ game: { history: Array<{ seq: number; moment: { round: number | null; move: number } }> } }>(
      server.url,
      `query($id: ID!) { game(id: $id) { history(first: 500) { seq moment { round move } } } }`,
      { id: changed },
      ann.token,
    );
    const { moment } = counted.history.find((entry) => entry.seq === badStep)!;
    const position = moment.round === null ? `move ${moment.move}` : `move ${moment.move} (round ${moment.round})`;
    expect(moment.move).not.toBe(badStep);
    expect(mail.text).toContain(`no longer holds from ${position} on`);
    expect(mail.text).not.toMatch(/entry \d/);
    expect(mail.text).toContain(`http://play.example/games/${changed}?rollbackTo=${badStep - 1}`);

    // Checked again: still failing at the same step, and the host is not told twice.
    const again = await server.app.get(Revalidation).run({ gameId: changed });
    expect(again.map((r) => [r.check.firstBadSeq, r.hostMailed])).toEqual([[badStep, false]]);

    // The host rolls back to just before that step (the mail's link); played on, the game holds under today's rules.
    await gqlOk(
      server.url,
      `mutation($id: ID!, $v: Int!) { rollbackGame(gameId: $id, toVersion: $v, reason: "a rule was corrected") { version } }`,
      { id: changed, v: badStep - 1 },
      ann.token,
    );
    await playTurn(server.url, changed, [ann, bob]);
    const afterRollback = await server.app.get(Revalidation).run({ gameId: changed });
    expect(afterRollback.map((r) => r.check.ok)).toEqual([true]);
  });
});
