/**
 * The game's life over the API: resigning (two players, and three where the
 * game goes on), the host removing a seat whose deadline passed, takebacks
 * by consent and ending by agreement; every refusal with its code, writing
 * nothing. Time is a ManualClock (deadlines, the 48 hours of a request).
 */
import { ManualClock } from '../src/common/clock';
import { Deadlines } from '../src/deadlines/deadlines';
import { emailOf, gql, gqlOk, GraphQLResponse, Player, quickMailTo, refusalWritingNothing, registerPlayer, startTestServer, TestServer } from './support/app';
import { playTurn, seeGame, startCountingGame, submitMove } from './support/counting-api';
import { SmtpInbox } from './support/smtp-inbox';
import { countingGame } from './support/counting-game';
import { withActor, withPayload } from './support/record-forgery';
import type { GameRecord } from '../src/records/game-record';
import { verifyRecord } from '../src/records/verify-record';
import { createGame } from './support/games';

const HOUR = 60 * 60 * 1000;

const LIFE_FIELDS = `id status version activeSeats view result places resignEndsGame resignedSeats removableSeats takebackFrom
  proposal { kind seat toVersion reason accepted waitingFor expiresAt }
  randomness { serverSeed }`;

interface LifeGame {
  id: string;
  status: string;
  version: number;
  activeSeats: number[];
  view: { counter: number };
  result: { winners: number[]; detail: Record<string, unknown> | null } | null;
  places: number[] | null;
  resignEndsGame: boolean;
  resignedSeats: number[];
  removableSeats: number[];
  takebackFrom: number | null;
  proposal: { kind: string; seat: number; toVersion: number | null; reason: string | null; accepted: number[]; waitingFor: number[]; expiresAt: string } | null;
  randomness: { serverSeed: string | null };
}

describe('the game’s life (end to end)', () => {
  const clock = new ManualClock(new Date('2026-05-04T09:00:00.000Z'));
  let server: TestServer;
  let inbox: SmtpInbox;
  let url: string;
  let ann: Player;
  let bob: Player;
  let cat: Player;
  let eve: Player;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({
      clock,
      mail: quickMailTo(inbox.url),
    });
    url = server.url;
    [ann, bob, cat, eve] = await Promise.all(['Ann', 'Bob', 'Cat', 'Eve'].map((name) => registerPlayer(url, name)));
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  async function lifeOf(gameId: string, as: Player = ann): Promise<LifeGame> {
    return (await gqlOk<{ game: LifeGame }>(url, `query($id: ID!) { game(id: $id) { ${LIFE_FIELDS} } }`, { id: gameId }, as.token)).game;
  }

  async function historyTypes(gameId: string): Promise<Array<{ seq: number; type: string; rolledBack: boolean; setAside: boolean; text: string | null }>> {
    const { game } = await gqlOk<{ game: { history: Array<{ seq: number; type: string; rolledBack: boolean; setAside: boolean; text: string | null }> } }>(
      url,
      `query($id: ID!) { game(id: $id) { history(first: 500) { seq type rolledBack setAside text } } }`,
      { id: gameId },
    );
    return game.history;
  }

  const VARIABLE_TYPES: Record<string, string> = { id: 'ID!', seat: 'Int!', to: 'Int!', reason: 'String!', accept: 'Boolean!' };
  function act(as: Player, mutation: string, variables: Record<string, unknown>) {
    const declared = Object.keys(variables).map((name) => `$${name}: ${VARIABLE_TYPES[name]}`);
    return gql<Record<string, LifeGame>>(url, `mutation(${declared.join(', ')}) { ${mutation} { ${LIFE_FIELDS} } }`, variables, as.token);
  }
  const resign = (as: Player, id: string) => act(as, 'resignGame(gameId: $id)', { id });
  const removePlayer = (as: Player, id: string, seat: number) => act(as, 'removePlayer(gameId: $id, seat: $seat)', { id, seat });
  const requestTakeback = (as: Player, id: string, to: number, reason = 'misclick') =>
    act(as, 'requestTakeback(gameId: $id, toVersion: $to, reason: $reason)', { id, to, reason });
  const answerTakeback = (as: Player, id: string, accept: boolean) => act(as, 'answerTakeback(gameId: $id, accept: $accept)', { id, accept });
  const proposeEnd = (as: Player, id: string) => act(as, 'proposeEnd(gameId: $id)', { id });
  const rollback = (as: Player, id: string, to: number) =>
    act(as, 'rollbackGame(gameId: $id, toVersion: $to, reason: $reason)', { id, to, reason: 'replaying' });
  const answerEnd = (as: Player, id: string, accept: boolean) => act(as, 'answerEndProposal(gameId: $id, accept: $accept)', { id, accept });
  const withdraw = (as: Player, id: string) => act(as, 'withdrawProposal(gameId: $id)', { id });

  /** The finished game's record, as anyone downloads it. */
  async function recordOf(gameId: string): Promise<GameRecord> {
    const response = await fetch(url.replace(/\/graphql$/, `/games/${gameId}/record.json`));
    expect(response.status).toBe(200);
    return (await response.json()) as GameRecord;
  }
  const verified = async (gameId: string) => verifyRecord(await recordOf(gameId), () => countingGame);

  /** The refusal's code; the game's version is unchanged: nothing was written. */
  const refused = (gameId: string, attempt: Promise<GraphQLResponse<unknown>>) => refusalWritingNothing(async () => (await lifeOf(gameId)).version, attempt);

  describe('resigning', () => {
    it('in a two-player game: the other player wins, and the server seed is revealed', async () => {
      const id = await startCountingGame(url, [ann, bob], { seed: 'resign-two' });
      await playTurn(url, id, [ann, bob]);
      expect((await lifeOf(id, bob)).resignEndsGame).toBe(true);
      const { data } = await resign(bob, id);
      const game = data!.resignGame;
      expect(game).toMatchObject({ status: 'FINISHED', activeSeats: [], resignedSeats: [1], places: [1, 2] });
      expect(game.result).toMatchObject({ winners: [0], detail: { resigned: [1], endedByResignation: true } });
      expect(game.randomness.serverSeed).toBe('resign-two');
      const history = await historyTypes(id);
      expect(history.slice(-2).map((h) => h.type)).toEqual(['game.resigned', 'game.seedRevealed']);
      expect(history.at(-2)!.text).toBe('Bob resigned.');
    });

    it('in a three-player game: the game goes on without the seat, passed over whenever it would be its turn, and ranks it last', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'resign-three', options: { target: 12 } });
      const first = await seeGame(url, id);
      const leaver = (first.activeSeats[0] + 1) % 3; // not the one to move: resigns out of turn
      expect((await lifeOf(id, players[leaver])).resignEndsGame).toBe(false);
      const { data } = await resign(players[leaver], id);
      expect(data!.resignGame).toMatchObject({ status: 'ACTIVE', resignedSeats: [leaver], activeSeats: first.activeSeats });
      // Whoever moves next, the seat that left never has to act again.
      let game = await seeGame(url, id);
      while (game.status === 'ACTIVE') {
        expect(game.activeSeats).not.toContain(leaver);
        await playTurn(url, id, players);
        game = await seeGame(url, id);
      }
      const final = await lifeOf(id);
      expect(final.result!.winners).not.toContain(leaver);
      expect(final.result!.detail).toMatchObject({ resigned: [leaver] });
      expect(final.places![leaver]).toBe(3);
      expect(final.result!.detail).not.toHaveProperty('endedByResignation');
      const history = await historyTypes(id);
      expect(history.some((h) => h.type === 'game.turnSkipped' && h.text === `${players[leaver].name} has left the game and was passed over.`)).toBe(true);
      expect(history.at(-1)!.type).toBe('game.seedRevealed');
      // The record checks out: the resignation, and every turn the server played for the seat that left, decided again.
      expect(await verified(id)).toMatchObject({ ok: true, complete: true });
    });

    it('when only one player is left in a game of three, that player wins', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'resign-all' });
      await resign(cat, id);
      expect((await lifeOf(id, ann)).resignEndsGame).toBe(true);
      const { data } = await resign(ann, id);
      expect(data!.resignGame.resignEndsGame).toBe(false); // over: nobody may resign
      expect(data!.resignGame.result).toMatchObject({ winners: [1], detail: { resigned: [2, 0] } });
      // The first to leave comes last.
      expect(data!.resignGame.places).toEqual([2, 1, 3]);
    });

    it('in a two-player game where a bot takes over the seat: does not end it, and the caller is told so beforehand', async () => {
      const id = await startCountingGame(url, [ann, bob], { seed: 'resign-to-a-bot', whenPlayerLeaves: 'BOT' });
      expect(await lifeOf(id, bob)).toMatchObject({ status: 'ACTIVE', resignEndsGame: false });
      expect((await lifeOf(id, eve)).resignEndsGame).toBe(false); // no seat: may not resign
      const { data } = await resign(bob, id);
      expect(data!.resignGame).toMatchObject({ status: 'ACTIVE', resignedSeats: [1] });
    });

    it('is for good: the host cannot roll the game back to before a player left, only since', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'resign-rollback', options: { target: 30 } });
      await playTurn(url, id, players);
      const beforeLeaving = (await lifeOf(id)).version;
      await resign(cat, id);
      const rollback = (to: number) => act(ann, 'rollbackGame(gameId: $id, toVersion: $to, reason: $reason)', { id, to, reason: 'bring Cat back' });
      expect(await refused(id, rollback(beforeLeaving))).toBe('BAD_USER_INPUT');
      await playTurn(url, id, players);
      const since = (await lifeOf(id)).takebackFrom!;
      expect(since).toBeGreaterThan(beforeLeaving);
      expect(await refused(id, rollback(beforeLeaving))).toBe('BAD_USER_INPUT');
      expect((await rollback(since)).data!.rollbackGame).toMatchObject({ status: 'ACTIVE', resignedSeats: [2] });
    });

    it('refuses resigning twice, without a seat, before the start and after the end, writing nothing', async () => {
      const id = await startCountingGame(url, [ann, bob, cat], { seed: 'resign-refusals' });
      await resign(cat, id);
      expect(await refused(id, resign(cat, id))).toBe('ALREADY_DONE');
      expect(await refused(id, resign(eve, id))).toBe('FORBIDDEN');
      expect(await refused(id, gql(url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id }))).toBe('UNAUTHENTICATED');
      // A player who left can no longer ask for anything.
      expect(await refused(id, requestTakeback(cat, id, (await lifeOf(id)).takebackFrom ?? 1))).toBe('FORBIDDEN');
      expect(await refused(id, proposeEnd(cat, id))).toBe('FORBIDDEN');
      await resign(bob, id);
      expect(await refused(id, resign(ann, id))).toBe('GAME_NOT_ACTIVE');

      const waiting = await createGame(url, ann);
      expect(await refused(waiting, resign(ann, waiting))).toBe('GAME_NOT_ACTIVE');
      expect(await refused(id, gql(url, `mutation { resignGame(gameId: "00000000-0000-4000-8000-000000000000") { id } }`, {}, ann.token))).toBe('NOT_FOUND');
    });
  });

  describe('the host removing a player', () => {
    it('only once the seat’s deadline has passed, and only the host', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'remove', moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0 } });
      const late = (await seeGame(url, id)).activeSeats[0];
      const other = [1, 2].find((seat) => seat !== late)!; // neither the host nor late
      expect(await refused(id, removePlayer(ann, id, late))).toBe('DEADLINE_NOT_PASSED');
      for (const outside of [-1, 3]) {
        const attempt = removePlayer(ann, id, outside);
        expect(await refused(id, attempt)).toBe('BAD_USER_INPUT');
        expect((await attempt).errors![0].message).toBe('seat must be from 0 to 2 (0 is the seat players call seat 1).');
      }

      clock.advance(25 * HOUR);
      await server.app.get(Deadlines).runDue();
      expect((await lifeOf(id)).removableSeats).toEqual([late]);
      expect(await refused(id, removePlayer(players[other], id, late))).toBe('FORBIDDEN');
      expect(await refused(id, removePlayer(ann, id, other))).toBe('DEADLINE_NOT_PASSED');

      const { data } = await removePlayer(ann, id, late);
      expect(data!.removePlayer).toMatchObject({ status: 'ACTIVE', resignedSeats: [late], removableSeats: [] });
      expect(data!.removePlayer.activeSeats).not.toContain(late);
      expect(await refused(id, removePlayer(ann, id, late))).toBe('ALREADY_DONE');
      const history = await historyTypes(id);
      expect(history.find((h) => h.type === 'game.playerRemoved')!.text).toBe(`Ann removed ${players[late].name} from the game after their deadline passed.`);
    });

    it('not once the player has moved after their deadline passed', async () => {
      const id = await startCountingGame(url, [ann, bob], { seed: 'remove-moved', moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0 } });
      const late = (await seeGame(url, id)).activeSeats[0];
      clock.advance(25 * HOUR);
      await server.app.get(Deadlines).runDue();
      expect((await lifeOf(id)).removableSeats).toEqual([late]);
      await submitMove(url, id, [ann, bob][late], { type: 'add', amount: 1 }, (await seeGame(url, id)).version);
      expect((await lifeOf(id)).removableSeats).toEqual([]);
      expect(await refused(id, removePlayer(ann, id, late))).toBe('DEADLINE_NOT_PASSED');
    });

    it('not after a rollback to when the deadline had passed: the rollback gives every turn a fresh deadline, and ends a proposal pending then', async () => {
      const players = [ann, bob];
      const id = await startCountingGame(url, players, { seed: 'remove-rolled-back', moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0 } });
      const late = (await seeGame(url, id)).activeSeats[0];
      clock.advance(25 * HOUR);
      await server.app.get(Deadlines).runDue();
      await proposeEnd(players[1 - late], id);
      const overdueWithProposal = await lifeOf(id);
      expect(overdueWithProposal).toMatchObject({ removableSeats: [late], proposal: { kind: 'END' } });
      // The late player moves in time for the host not to have removed them.
      await submitMove(url, id, players[late], { type: 'add', amount: 1 }, overdueWithProposal.version);

      const { data } = await rollback(ann, id, overdueWithProposal.version);
      expect(data!.rollbackGame).toMatchObject({ status: 'ACTIVE', activeSeats: [late], removableSeats: [], proposal: null });
      expect(await refused(id, removePlayer(ann, id, late))).toBe('DEADLINE_NOT_PASSED');
      expect(await refused(id, answerEnd(players[late], id, true))).toBe('NOTHING_PENDING');
      expect(await lifeOf(id)).toMatchObject({ removableSeats: [], proposal: null });

      // The fresh deadline passes in its turn: then the host may.
      clock.advance(25 * HOUR);
      await server.app.get(Deadlines).runDue();
      expect((await lifeOf(id)).removableSeats).toEqual([late]);
      expect((await removePlayer(ann, id, late)).data!.removePlayer).toMatchObject({ status: 'FINISHED', resignedSeats: [late] });
      expect(await verified(id)).toMatchObject({ ok: true, complete: true });
    });
  });

  describe('takebacks by consent', () => {
    it('when every other player agrees, returns the game exactly to the version asked, keeping later events in history, marked', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'takeback' });
      const target = await playTurn(url, id, players);
      const before = await gqlOk<{ game: { view: unknown; activeSeats: number[] } }>(
        url,
        `query($id: ID!) { game(id: $id) { view activeSeats } }`,
        { id },
        ann.token,
      );
      await playTurn(url, id, players);
      const asker = players[(await seeGame(url, id)).activeSeats[0]];
      const askerSeat = players.indexOf(asker);
      const { data } = await requestTakeback(asker, id, target, 'I meant to add two');
      expect(data!.requestTakeback.proposal).toMatchObject({
        kind: 'TAKEBACK',
        seat: askerSeat,
        toVersion: target,
        reason: 'I meant to add two',
        accepted: [askerSeat],
        expiresAt: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
      });
      const others = players.filter((p) => p !== asker);
      // The mail names the move the game goes back to, as the history counts it.
      const { game: counted } = await gqlOk<{ game: { history: Array<{ seq: number; moment: { round: number | null; move: number } }> } }>(
        url,
        `query($id: ID!) { game(id: $id) { history(first: 500) { seq moment { round move } } } }`,
        { id },
        ann.token,
      );
      const { moment } = counted.history.find((entry) => entry.seq === target)!;
      expect(moment.move).toBeGreaterThan(0);
      const position = moment.round === null ? `move ${moment.move}` : `move ${moment.move} (round ${moment.round})`;
      for (const other of others) {
        const [asked] = await inbox.waitFor(await emailOf(url, other), /asks for a takeback/, { containing: id });
        expect(asked.subject).toBe(`${asker.name} asks for a takeback in Ann's Counting (test game) game`);
        expect(asked.text).toContain(`${asker.name} asks everyone to agree to take Ann's Counting (test game) game back to ${position}.`);
        expect(asked.text).toContain('Reason: I meant to add two');
        expect(asked.text).toContain(`Agree or decline: http://play.example/games/${id}`);
      }
      const first = await answerTakeback(others[0], id, true);
      expect(first.data!.answerTakeback.proposal!.waitingFor).toEqual([players.indexOf(others[1])]);
      expect(await refused(id, answerTakeback(others[0], id, true))).toBe('ALREADY_DONE');
      expect(await refused(id, answerTakeback(asker, id, true))).toBe('ALREADY_DONE');
      expect(await refused(id, answerTakeback(eve, id, true))).toBe('FORBIDDEN');
      expect(await refused(id, answerEnd(others[1], id, true))).toBe('NOTHING_PENDING');
      expect(await refused(id, requestTakeback(others[1], id, target))).toBe('PROPOSAL_PENDING');

      const last = await answerTakeback(others[1], id, true);
      expect(last.errors).toBeUndefined();
      const after = await gqlOk<{ game: { view: unknown; activeSeats: number[]; proposal: unknown } }>(
        url,
        `query($id: ID!) { game(id: $id) { view activeSeats proposal { kind } } }`,
        { id },
        ann.token,
      );
      expect(after.game).toEqual({ ...before.game, proposal: null });
      const history = await historyTypes(id);
      expect(history.at(-1)).toMatchObject({ type: 'game.takenBack', rolledBack: false, text: 'Everyone agreed: the moves were taken back.' });
      // Everything since the point is set aside; the moves are struck through, the request and the answers to it are not: they happened.
      const since = history.filter((h) => h.seq > target && h.seq < history.at(-1)!.seq);
      expect(since.every((h) => h.setAside)).toBe(true);
      expect(since.filter((h) => h.rolledBack).map((h) => h.type)).toEqual(since.filter((h) => !h.type.startsWith('game.')).map((h) => h.type));
      expect(since.filter((h) => !h.rolledBack).map((h) => h.type)).toEqual(['game.takebackRequested', 'game.takebackAnswered', 'game.takebackAnswered']);
      expect(history.filter((h) => h.seq <= target).some((h) => h.rolledBack || h.setAside)).toBe(false);
      expect(await refused(id, answerTakeback(others[1], id, true))).toBe('NOTHING_PENDING');
    });

    it('ends at a decline, at a new move and after 48 hours', async () => {
      const players = [ann, bob];
      const id = await startCountingGame(url, players, { seed: 'takeback-ends' });
      const target = await playTurn(url, id, players);
      await playTurn(url, id, players);
      const toMove = players[(await seeGame(url, id)).activeSeats[0]];
      const waiting = players.find((p) => p !== toMove)!;

      await requestTakeback(waiting, id, target);
      const declined = await answerTakeback(toMove, id, false);
      expect(declined.data!.answerTakeback.proposal).toBeNull();
      expect((await historyTypes(id)).at(-1)!.text).toBe(`${toMove.name} declined the takeback.`);
      expect(await refused(id, answerTakeback(toMove, id, true))).toBe('NOTHING_PENDING');

      await requestTakeback(waiting, id, target);
      await submitMove(url, id, toMove, { type: 'add', amount: 1 }, (await seeGame(url, id)).version);
      expect((await lifeOf(id)).proposal).toBeNull();
      expect(await refused(id, answerTakeback(toMove, id, true))).toBe('NOTHING_PENDING');

      await requestTakeback(toMove, id, target);
      clock.advance(47 * HOUR);
      expect((await lifeOf(id)).proposal).not.toBeNull();
      clock.advance(2 * HOUR);
      expect((await lifeOf(id)).proposal).toBeNull();
      expect(await refused(id, answerTakeback(waiting, id, true))).toBe('NOTHING_PENDING');
      // The sweep records the lapse in the game's history, once.
      expect((await server.app.get(Deadlines).runDue()).lapsed).toBe(1);
      expect((await server.app.get(Deadlines).runDue()).lapsed).toBe(0);
      expect((await historyTypes(id)).at(-1)).toMatchObject({
        type: 'game.proposalLapsed',
        text: 'Not everyone answered within 48 hours: the request lapsed.',
      });
      // A lapsed request leaves room for a new one.
      expect((await requestTakeback(waiting, id, target)).errors).toBeUndefined();
    });

    it('refuses a version outside the game’s play, an empty reason, and asking without a seat', async () => {
      const id = await startCountingGame(url, [ann, bob], { seed: 'takeback-refusals' });
      expect((await lifeOf(id)).takebackFrom).toBeNull(); // nothing played yet
      await playTurn(url, id, [ann, bob]);
      const { takebackFrom, version } = await lifeOf(id);
      expect(await refused(id, requestTakeback(ann, id, version))).toBe('BAD_USER_INPUT');
      expect(await refused(id, requestTakeback(ann, id, takebackFrom! - 1))).toBe('BAD_USER_INPUT');
      expect(await refused(id, requestTakeback(ann, id, takebackFrom!, ''))).toBe('BAD_USER_INPUT');
      expect(await refused(id, requestTakeback(eve, id, takebackFrom!))).toBe('FORBIDDEN');
      expect(await refused(id, answerTakeback(bob, id, true))).toBe('NOTHING_PENDING');
    });
  });

  describe('going back only between moves', () => {
    it('refuses a takeback or a rollback to a point inside what one action wrote, writing nothing', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'inside-an-action' });
      await playTurn(url, id, players);
      // The player to act leaves: the server plays their turn in the same append, so the point just after the resignation is inside it.
      const leaver = players[(await seeGame(url, id)).activeSeats[0]];
      const afterLeaving = (await resign(leaver, id)).data!.resignGame.version;
      const history = await historyTypes(id);
      const inside = history.find((h) => h.type === 'game.resigned')!.seq;
      expect(history.find((h) => h.seq === inside + 1)!.type).toBe('game.turnSkipped');
      await playTurn(url, id, players);
      const asker = players.find((p) => p !== leaver)!;
      expect(await refused(id, requestTakeback(asker, id, inside))).toBe('BAD_USER_INPUT');
      const rollback = (toVersion: number) =>
        gql(url, `mutation($id: ID!, $to: Int!) { rollbackGame(gameId: $id, toVersion: $to, reason: "inside") { id } }`, { id, to: toVersion }, ann.token);
      expect(await refused(id, rollback(inside))).toBe('BAD_USER_INPUT');
      expect((await requestTakeback(asker, id, afterLeaving)).errors).toBeUndefined();
      expect((await rollback(afterLeaving)).errors).toBeUndefined();

      // The verifier holds a record to the same rule: a takeback asked for a point inside an append does not check out.
      const other = players.find((p) => p !== leaver && p !== asker)!;
      await proposeEnd(asker, id);
      expect((await answerEnd(other, id, true)).data!.answerEndProposal.status).toBe('FINISHED');
      const record = await recordOf(id);
      expect(verifyRecord(record, () => countingGame)).toMatchObject({ ok: true });
      const request = record.events.find((event) => event.type === 'game.takebackRequested')!;
      const forged = withPayload(record, request.seq, { ...request.payload, toVersion: inside });
      expect(verifyRecord(forged, () => countingGame)).toMatchObject({
        ok: false,
        seq: request.seq,
        problem: expect.stringContaining("inside one move's events"),
      });
    });

    it('refuses a takeback or a rollback to where the game already stands, with nothing but requests and answers since', async () => {
      const players = [ann, bob];
      const id = await startCountingGame(url, players, { seed: 'already-there' });
      await playTurn(url, id, players);
      const { version: standing } = await seeGame(url, id);
      await proposeEnd(bob, id);
      await answerEnd(ann, id, false);
      const rollback = (toVersion: number) =>
        gql(url, `mutation($id: ID!, $to: Int!) { rollbackGame(gameId: $id, toVersion: $to, reason: "again") { id } }`, { id, to: toVersion }, ann.token);
      for (const attempt of [() => requestTakeback(bob, id, standing), () => rollback(standing), () => rollback(standing + 1)]) {
        expect(await refused(id, attempt())).toBe('BAD_USER_INPUT');
        expect((await attempt()).errors![0].message).toBe('Nothing was played since that point: the game already stands there.');
      }
      // A point with a move since is one to go back to.
      expect((await requestTakeback(bob, id, standing - 2)).errors).toBeUndefined();
    });

    it('offers exactly the points it accepts: none followed only by a declined takeback or a passed deadline', async () => {
      const players = [ann, bob];
      const id = await startCountingGame(url, players, { seed: 'offered-points', moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0 } });
      await playTurn(url, id, players);
      await playTurn(url, id, players);
      const { version: standing } = await seeGame(url, id);
      await requestTakeback(bob, id, standing - 1);
      await answerTakeback(ann, id, false);
      clock.advance(25 * HOUR);
      await server.app.get(Deadlines).runDue();
      const returnPointsOf = async (as: Player) =>
        (
          await gqlOk<{ game: { version: number; returnPoints: { versions: number[]; rollback: boolean; takeback: boolean } } }>(
            url,
            `query($id: ID!) { game(id: $id) { version returnPoints { versions rollback takeback } } }`,
            { id },
            as.token,
          )
        ).game;
      const { version, returnPoints } = await returnPointsOf(ann);
      expect(version).toBeGreaterThan(standing + 2); // the request, its answer and the deadline since
      expect(returnPoints).toMatchObject({ rollback: true, takeback: true });
      expect(returnPoints.versions.length).toBeGreaterThan(2);
      expect(Math.max(...returnPoints.versions)).toBeLessThan(standing);
      expect((await returnPointsOf(bob)).returnPoints).toEqual({ ...returnPoints, rollback: false });
      expect((await returnPointsOf(eve)).returnPoints).toEqual({ versions: [], rollback: false, takeback: false });

      // Every version offered is accepted (the request withdrawn again, which plays nothing), every other one refused.
      for (let toVersion = 0; toVersion <= version; toVersion++) {
        if (returnPoints.versions.includes(toVersion)) {
          expect((await requestTakeback(bob, id, toVersion)).errors).toBeUndefined();
          expect((await withdraw(bob, id)).errors).toBeUndefined();
        } else {
          expect(await refused(id, requestTakeback(bob, id, toVersion))).toBe('BAD_USER_INPUT');
        }
      }
      expect((await rollback(ann, id, returnPoints.versions.at(-1)!)).errors).toBeUndefined();
    });
  });

  describe('ending by agreement', () => {
    it('ends the game with its current result when every other player agrees, revealing the seed; a decline ends the proposal', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'end-agreed' });
      await playTurn(url, id, players);
      await proposeEnd(bob, id);
      expect(await refused(id, proposeEnd(ann, id))).toBe('PROPOSAL_PENDING');
      expect(await refused(id, answerTakeback(ann, id, true))).toBe('NOTHING_PENDING');
      await answerEnd(cat, id, false);
      expect((await lifeOf(id)).proposal).toBeNull();

      const proposed = await proposeEnd(bob, id);
      expect(proposed.data!.proposeEnd.proposal).toMatchObject({ kind: 'END', seat: 1, accepted: [1], waitingFor: [0, 2] });
      expect((await inbox.waitFor(await emailOf(url, cat), /proposes to end/, { containing: id }))[0].subject).toBe(
        "Bob proposes to end Ann's Counting (test game) game",
      );
      await answerEnd(ann, id, true);
      expect(await refused(id, answerEnd(ann, id, true))).toBe('ALREADY_DONE');
      const { data } = await answerEnd(cat, id, true);
      expect(data!.answerEndProposal).toMatchObject({ status: 'FINISHED', proposal: null, randomness: { serverSeed: 'end-agreed' } });
      expect(data!.answerEndProposal.result!.detail).toMatchObject({ endedByAgreement: true });
      expect((await historyTypes(id)).slice(-3).map((h) => h.type)).toEqual(['game.endAnswered', 'game.endedByAgreement', 'game.seedRevealed']);
      // The game-over mail says how it ended, as the end screen does.
      const [over] = await inbox.waitFor(await emailOf(url, cat), /^Game over/, { containing: id });
      expect(over.text).toContain('The players agreed to end the game as it stood.');
      expect(await refused(id, proposeEnd(ann, id))).toBe('GAME_NOT_ACTIVE');
      expect(await verified(id)).toMatchObject({ ok: true, complete: true });
    });

    it('lets whoever asked withdraw the request before everyone answered, and nobody else; the record holds it to that rule', async () => {
      const players = [ann, bob];
      const id = await startCountingGame(url, players, { seed: 'end-withdrawn' });
      expect(await refused(id, withdraw(ann, id))).toBe('NOTHING_PENDING');
      await proposeEnd(bob, id);
      expect(await refused(id, withdraw(ann, id))).toBe('FORBIDDEN');
      expect(await refused(id, withdraw(eve, id))).toBe('FORBIDDEN');
      const { data } = await withdraw(bob, id);
      expect(data!.withdrawProposal).toMatchObject({ status: 'ACTIVE', proposal: null });
      expect((await historyTypes(id)).at(-1)).toMatchObject({ type: 'game.proposalWithdrawn', text: 'Bob withdrew their request.' });
      expect(await refused(id, answerEnd(ann, id, true))).toBe('NOTHING_PENDING');
      expect(await refused(id, withdraw(bob, id))).toBe('NOTHING_PENDING');
      // A new proposal may follow at once; the game then ends as agreed, and its record verifies.
      await proposeEnd(ann, id);
      expect((await answerEnd(bob, id, true)).data!.answerEndProposal.status).toBe('FINISHED');
      const record = await recordOf(id);
      expect(verifyRecord(record, () => countingGame)).toMatchObject({ ok: true, complete: true });
      // A withdrawal written in another's name is named by the verifier.
      const withdrawal = record.events.find((event) => event.type === 'game.proposalWithdrawn')!;
      expect(verifyRecord(withActor(record, withdrawal.seq, ann.id, 0), () => countingGame)).toMatchObject({ ok: false, seq: withdrawal.seq });
    });
  });

  describe("the record of a game's life", () => {
    it('verifies takebacks asked, declined, lapsed and agreed, a resignation and an end by agreement, and names a forged one', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'life-record', options: { target: 40 } });
      const target = await playTurn(url, id, players);
      await playTurn(url, id, players);
      const accepted = async (attempt: Promise<GraphQLResponse<unknown>>) => expect((await attempt).errors).toBeUndefined();
      await accepted(requestTakeback(ann, id, target, 'declined'));
      await accepted(answerTakeback(bob, id, false));
      await accepted(requestTakeback(ann, id, target, 'lapses'));
      clock.advance(49 * HOUR);
      await server.app.get(Deadlines).runDue(); // records the lapse (and any other game's on this server)
      await accepted(requestTakeback(ann, id, target, 'agreed'));
      await accepted(answerTakeback(bob, id, true));
      await accepted(answerTakeback(cat, id, true));
      await playTurn(url, id, players);
      await accepted(resign(cat, id));
      // Round the table, so that the seat that left is passed over.
      for (let turn = 0; turn < 3; turn++) await playTurn(url, id, players);
      await accepted(proposeEnd(ann, id));
      expect((await answerEnd(bob, id, true)).data!.answerEndProposal.status).toBe('FINISHED');

      const record = await recordOf(id);
      expect(record.events.map((event) => event.type)).toEqual(
        expect.arrayContaining([
          'game.takebackAnswered',
          'game.proposalLapsed',
          'game.takenBack',
          'game.resigned',
          'game.turnSkipped',
          'game.endedByAgreement',
        ]),
      );
      expect(verifyRecord(record, () => countingGame)).toMatchObject({ ok: true, complete: true });

      // A takeback nobody agreed to: the answer that agreed last is now a decline (the chain is sealed again, as a forger would).
      const lastAnswer = record.events.filter((event) => event.type === 'game.takebackAnswered').at(-1)!;
      const forged = withPayload(record, lastAnswer.seq, { ...lastAnswer.payload, accept: false });
      const takenBack = record.events.find((event) => event.type === 'game.takenBack')!;
      expect(verifyRecord(forged, () => countingGame)).toMatchObject({ ok: false, seq: expect.any(Number) });
      expect(verifyRecord(forged, () => countingGame)).toMatchObject({ seq: takenBack.seq, problem: expect.stringContaining('game.takenBack') });
    });

    it('verifies an undone step and a removal, and names a step undone by another player and a proposal by someone with no seat', async () => {
      const players = [ann, bob, cat];
      const id = await startCountingGame(url, players, { seed: 'life-record-seats', moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0 } });
      const before = await seeGame(url, id);
      const mover = players[before.activeSeats[0]];
      expect((await submitMove(url, id, mover, { type: 'add', amount: 2 }, before.version)).errors).toBeUndefined();
      await gqlOk(url, `mutation($id: ID!) { undoMove(gameId: $id) { id } }`, { id }, mover.token);
      await playTurn(url, id, players);
      // The host (Ann, seat 0) cannot remove herself: play on to another seat's turn, then let its deadline pass.
      while ((await seeGame(url, id)).activeSeats[0] === 0) await playTurn(url, id, players);
      const late = (await seeGame(url, id)).activeSeats[0];
      clock.advance(25 * HOUR);
      await server.app.get(Deadlines).runDue();
      expect((await removePlayer(ann, id, late)).errors).toBeUndefined();
      const remaining = players.find((player, seat) => seat !== 0 && seat !== late)!;
      expect((await proposeEnd(ann, id)).errors).toBeUndefined();
      expect((await answerEnd(remaining, id, true)).data!.answerEndProposal.status).toBe('FINISHED');

      const record = await recordOf(id);
      expect(record.events.map((event) => event.type)).toEqual(expect.arrayContaining(['game.moveUndone', 'game.playerRemoved', 'game.endProposed']));
      expect(verifyRecord(record, () => countingGame)).toMatchObject({ ok: true, complete: true });

      const undone = record.events.find((event) => event.type === 'game.moveUndone')!;
      const otherSeat = players.findIndex((player) => player !== mover);
      expect(verifyRecord(withActor(record, undone.seq, players[otherSeat].id, otherSeat), () => countingGame)).toMatchObject({
        ok: false,
        seq: undone.seq,
        problem: 'game.moveUndone: You have no step to take back: your last step revealed something or ended your turn, or another player has acted since.',
      });
      const proposal = record.events.find((event) => event.type === 'game.endProposed')!;
      expect(verifyRecord(withActor(record, proposal.seq, eve.id, null), () => countingGame)).toMatchObject({
        ok: false,
        seq: proposal.seq,
        problem: 'game.endProposed: You do not have a seat in this game.',
      });
    });
  });
});
