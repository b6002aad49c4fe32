/**
 * Substitutes over the API: a player offers their seat (or the host a seat
 * whose deadline passed) by email, the invitee is mailed, finds it among
 * their invitations and takes it over through joinGame; the seat's view,
 * turn mail, lobby and history follow; every refusal with its code,
 * writing nothing; the game's record verifies. Time is a ManualClock.
 */
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { Deadlines } from '../src/deadlines/deadlines';
import type { GameRecord } from '../src/records/game-record';
import { verifyRecord } from '../src/records/verify-record';
import {
  errorCode,
  gql,
  gqlOk,
  type GraphQLResponse,
  type Member,
  quickMailTo,
  refusalWritingNothing,
  registerMember,
  TEST_PASSWORD,
  startTestServer,
  type TestServer,
} from './support/app';
import { playTurn, seeGame, startCountingGame } from './support/counting-api';
import { countingGame } from './support/counting-game';
import { createGame } from './support/games';
import { withActor, withPayload } from './support/record-forgery';
import { SmtpInbox } from './support/smtp-inbox';

const HOUR = 60 * 60 * 1000;
const DEADLINES = { moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0 } };

interface OfferGame {
  version: number;
  mySeat: number | null;
  activeSeats: number[];
  view: { hands: Array<{ count: number; cards?: number[] }> };
  seats: Array<{ index: number; user: { displayName: string } | null }>;
  seatOffers: Array<{ seat: number; offeredBy: { displayName: string } | null; toMe: boolean; declined: boolean }>;
}
const FIELDS = 'version mySeat activeSeats view seats { index user { displayName } } seatOffers { seat offeredBy { displayName } toMe declined }';

describe('substitutes (end to end)', () => {
  const clock = new ManualClock(new Date('2026-05-04T09:00:00.000Z'));
  let server: TestServer;
  let inbox: SmtpInbox;
  let url: string;
  let ann: Member;
  let bob: Member;
  let cat: Member;
  let eve: Member;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    server = await startTestServer({ clock, mail: quickMailTo(inbox.url) });
    url = server.url;
    [ann, bob, cat, eve] = await Promise.all(['Ann', 'Bob', 'Cat', 'Eve'].map((name) => registerMember(url, name)));
  });

  afterAll(async () => {
    await server.close();
    await inbox.stop();
  });

  const gameAs = async (id: string, as: Member) =>
    (await gqlOk<{ game: OfferGame }>(url, `query($id: ID!) { game(id: $id) { ${FIELDS} } }`, { id }, as.token)).game;
  const offerSeat = (as: Member, id: string, seat: number, email: string) =>
    gql<{ offerSeat: OfferGame }>(
      url,
      `mutation($id: ID!, $seat: Int!, $email: String!) { offerSeat(gameId: $id, seat: $seat, email: $email) { ${FIELDS} } }`,
      { id, seat, email },
      as.token,
    );
  const withdraw = (as: Member, id: string, seat: number) =>
    gql<{ withdrawSeatOffer: OfferGame }>(
      url,
      `mutation($id: ID!, $seat: Int!) { withdrawSeatOffer(gameId: $id, seat: $seat) { ${FIELDS} } }`,
      { id, seat },
      as.token,
    );
  const takeOver = (as: Member, id: string) =>
    gql<{ joinGame: OfferGame }>(url, `mutation($id: ID!) { joinGame(gameId: $id) { ${FIELDS} } }`, { id }, as.token);
  const refused = (id: string, attempt: Promise<GraphQLResponse<unknown>>) => refusalWritingNothing(async () => (await seeGame(url, id)).version, attempt);
  const invitations = async (as: Member) =>
    (await gqlOk<{ myInvitations: Array<{ id: string }> }>(url, '{ myInvitations { id } }', {}, as.token)).myInvitations.map((g) => g.id);
  const myActiveGames = async (as: Member) =>
    (await gqlOk<{ games: Array<{ id: string }> }>(url, '{ games(mine: true, status: ACTIVE, first: 50) { id } }', {}, as.token)).games.map((g) => g.id);
  const history = async (id: string) =>
    (
      await gqlOk<{ game: { history: Array<{ type: string; actorSeat: number | null; actor: { displayName: string } | null; text: string | null }> } }>(
        url,
        `query($id: ID!) { game(id: $id) { history(first: 500) { type actorSeat actor { displayName } text } } }`,
        { id },
      )
    ).game.history;

  /** A counting game of Ann and Bob with deadlines, played until Bob's turn. */
  async function bobToPlay(seed: string): Promise<string> {
    const id = await startCountingGame(url, [ann, bob], { seed, ...DEADLINES });
    if ((await seeGame(url, id)).activeSeats[0] === 0) await playTurn(url, id, [ann, bob]);
    return id;
  }

  it('a player offers their seat: the invitee takes it over, with its view, its turns and its mail; the history keeps each move its player’s', async () => {
    const id = await bobToPlay('hand-over');
    await playTurn(url, id, [ann, bob]);
    await playTurn(url, id, [ann, bob]); // Bob has moved: his moves stay his
    const offered = (await offerSeat(bob, id, 1, eve.email)).data!.offerSeat;
    expect(offered.seatOffers).toEqual([{ seat: 1, offeredBy: { displayName: 'Bob' }, toMe: false, declined: false }]);
    const [mail] = await inbox.waitFor(eve.email, /^Take over a seat in a game of /, { containing: id });
    expect(mail.text).toContain("take over Bob's seat");
    expect(await invitations(eve)).toContain(id);
    expect((await gameAs(id, eve)).seatOffers).toEqual([{ seat: 1, offeredBy: { displayName: 'Bob' }, toMe: true, declined: false }]);
    expect((await gameAs(id, eve)).view.hands[1].cards).toBeUndefined();

    const taken = (await takeOver(eve, id)).data!.joinGame;
    expect(taken).toMatchObject({ mySeat: 1, seatOffers: [] });
    expect(taken.seats[1].user).toEqual({ displayName: 'Eve' });
    // The seat's hidden cards are Eve's to see now, and no longer Bob's.
    expect(taken.view.hands[1].cards).toHaveLength(taken.view.hands[1].count);
    expect((await gameAs(id, bob)).view.hands[1].cards).toBeUndefined();
    expect((await gameAs(id, bob)).mySeat).toBeNull();
    expect(await invitations(eve)).not.toContain(id);
    expect(await myActiveGames(eve)).toContain(id);
    expect(await myActiveGames(bob)).not.toContain(id);

    const events = await history(id);
    const bobsMoves = events.filter((event) => event.actorSeat === 1 && !event.type.startsWith('game.'));
    expect(bobsMoves.length).toBeGreaterThan(0);
    expect(bobsMoves.every((event) => event.actor?.displayName === 'Bob' && !event.text?.includes('Eve'))).toBe(true);
    expect(events.map((event) => event.text)).toContain('Eve took over seat 2 and plays it from here.');

    // Eve's turn begins as she takes the seat, with its mail; Bob's turns are over.
    await inbox.waitFor(eve.email, /your turn/i, { containing: id });
    await playTurn(url, id, [ann, eve]);
    await playTurn(url, id, [ann, eve]);
    await inbox.waitFor(eve.email, /your turn/i, { containing: id, count: 2 });
    const turnMailSince = (userId: string) =>
      server.app.get(PrismaService).notification.count({ where: { userId, gameId: id, kind: 'YOUR_TURN', gameVersion: { gte: taken.version } } });
    expect(await turnMailSince(eve.id)).toBe(2);
    expect(await turnMailSince(bob.id)).toBe(0);

    await gqlOk(url, 'mutation($id: ID!) { resignGame(gameId: $id) { id } }', { id }, ann.token);
    const record = (await (await fetch(url.replace(/\/graphql$/, `/games/${id}/record.json`))).json()) as GameRecord;
    expect(verifyRecord(record, () => countingGame)).toMatchObject({ ok: true, complete: true });
    // The seat handed to a player who already had one: the verifier refuses it as the server would.
    const handedOver = record.events.find((event) => event.type === 'game.seatReassigned')!;
    const forged = withActor(withPayload(record, handedOver.seq, { ...handedOver.payload, userId: ann.id }), handedOver.seq, ann.id, 1);
    expect(verifyRecord(forged, () => countingGame)).toEqual({
      ok: false,
      seq: handedOver.seq,
      problem: 'game.seatReassigned: You already have a seat in this game.',
    });
  });

  it('the host offers a seat once its deadline passed; a newer offer replaces the older, and an offer can be withdrawn', async () => {
    const id = await bobToPlay('host-offer');
    expect(await refused(id, offerSeat(ann, id, 1, cat.email))).toBe('DEADLINE_NOT_PASSED');
    clock.advance(25 * HOUR);
    await server.app.get(Deadlines).runDue();
    await offerSeat(ann, id, 1, cat.email);
    await offerSeat(ann, id, 1, eve.email);
    expect(await invitations(cat)).not.toContain(id);
    expect(await refused(id, takeOver(cat, id))).toBe('NOTHING_PENDING');
    expect((await withdraw(bob, id, 1)).data!.withdrawSeatOffer.seatOffers).toEqual([]);
    expect(await invitations(eve)).not.toContain(id);
    expect(await refused(id, takeOver(eve, id))).toBe('NOTHING_PENDING');
    expect(await refused(id, withdraw(ann, id, 1))).toBe('NOTHING_PENDING');
  });

  it('declined by its invitee: whoever offered it is told, by mail and on the page, and may offer it again', async () => {
    const id = await bobToPlay('declined-offer');
    await offerSeat(bob, id, 1, cat.email);
    expect((await gameAs(id, bob)).seatOffers).toEqual([{ seat: 1, offeredBy: { displayName: 'Bob' }, toMe: false, declined: false }]);
    await gqlOk(url, `mutation($id: ID!) { declineInvitation(gameId: $id) }`, { id }, cat.token);
    expect(await invitations(cat)).not.toContain(id);
    expect((await gameAs(id, bob)).seatOffers).toEqual([{ seat: 1, offeredBy: { displayName: 'Bob' }, toMe: false, declined: true }]);
    const [told] = await inbox.waitFor(bob.email, /^Your offer of seat 2 was declined/);
    expect(told.text).toContain('offer it to someone else, or withdraw the offer');
    // Declined, it is no longer theirs to take: a seat of a game under way, as to anyone.
    expect(await refused(id, takeOver(cat, id))).toBe('GAME_NOT_ACTIVE');
    // Offered again, to someone else: a new offer, not declined.
    expect((await offerSeat(bob, id, 1, eve.email)).data!.offerSeat.seatOffers).toEqual([
      { seat: 1, offeredBy: { displayName: 'Bob' }, toMe: false, declined: false },
    ]);
    expect(errorCode(await gql(url, `mutation($id: ID!) { declineInvitation(gameId: $id) }`, { id }, cat.token))).toBe('NOTHING_PENDING');
  });

  it('offered to an address without an account: a link to sign up, and signing up with it takes the seat over', async () => {
    const id = await bobToPlay('sign-up');
    const address = `newcomer-${Math.random().toString(36).slice(2)}@example.org`;
    await offerSeat(bob, id, 1, address);
    const [mail] = await inbox.waitFor(address, /^Take over a seat in a game of /, { containing: 'sign-up' });
    expect(mail.text).toContain('Sign up with this address to take it over');
    const { register } = await gqlOk<{ register: { token: string; user: { id: string } } }>(
      url,
      `mutation($email: String!) { register(email: $email, password: "${TEST_PASSWORD}", displayName: "Newcomer") { token user { id } } }`,
      { email: address },
    );
    const newcomer = { token: register.token, id: register.user.id, name: 'Newcomer', email: address };
    expect(await gameAs(id, newcomer)).toMatchObject({ mySeat: 1, seatOffers: [] });
    expect((await gameAs(id, bob)).mySeat).toBeNull();
  });

  it('refuses, with a code and writing nothing: a seat not yours, a player already seated, a bad address, a game not being played, taking over twice', async () => {
    const id = await bobToPlay('refusals');
    const dan = await registerMember(url, 'Dan');
    // Addresses of nobody here, one per attempt: no inbox gets more than a few such mails an hour.
    const nobody = () => `nobody-${Math.random().toString(36).slice(2)}@example.org`;
    expect(await refused(id, offerSeat(bob, id, 0, nobody()))).toBe('FORBIDDEN');
    expect(await refused(id, offerSeat(cat, id, 1, nobody()))).toBe('FORBIDDEN');
    expect(await refused(id, offerSeat(bob, id, 1, ann.email))).toBe('ALREADY_SEATED');
    expect(await refused(id, offerSeat(bob, id, 1, 'not an address'))).toBe('BAD_USER_INPUT');
    expect(await refused(id, offerSeat(bob, id, 5, nobody()))).toBe('BAD_USER_INPUT');

    await offerSeat(bob, id, 1, dan.email);
    await offerSeat(ann, id, 0, dan.email);
    expect((await takeOver(dan, id)).errors).toBeUndefined();
    // Dan now holds one seat: the other offered to him is not for him too, and he cannot take his twice.
    expect(await refused(id, takeOver(dan, id))).toBe('ALREADY_SEATED');
    await withdraw(ann, id, 0);
    expect(await refused(id, takeOver(dan, id))).toBe('ALREADY_DONE');

    const waiting = await createGame(url, ann, { ruleset: 'counting', seats: 2 });
    const lobbyVersion = async () => (await seeGame(url, waiting)).version;
    expect(await refusalWritingNothing(lobbyVersion, offerSeat(ann, waiting, 0, nobody()))).toBe('GAME_NOT_ACTIVE');
    await gqlOk(url, 'mutation($id: ID!) { resignGame(gameId: $id) { id } }', { id }, ann.token);
    expect(await refused(id, offerSeat(dan, id, 1, nobody()))).toBe('GAME_NOT_ACTIVE');
  });
});
