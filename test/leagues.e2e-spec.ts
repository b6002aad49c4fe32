/**
 * Leagues end to end through the API: a group of six plays a round robin of
 * two-player Five Tribes to the end (15 games, results scripted so that the
 * standings can be worked out by hand), a Swiss league of Five Points at
 * three seats over three rounds, drop-outs (and players who leave the group), a start date, and every refusal
 * writing nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../src/common/clock';
import { PrismaService } from '../src/database/prisma.service';
import { Deadlines } from '../src/deadlines/deadlines';
import { GameService } from '../src/play/game.service';
import { seededRandom } from '../src/rules/random';
import { errorCode, gql, gqlOk, type Player, registerPlayer, startTestServer, type TestServer } from './support/app';
import { runTool } from './support/tools';

const LEAGUE_FIELDS = `
id format currentRound finished seedCommitment seed
standings { user { id displayName } points tieBreak played left droppedOut }
rounds { number started byes { id } tables { players { id } points game { id status } } }`;

interface LeagueSeen {
  id: string;
  currentRound: number;
  finished: boolean;
  seed: string | null;
  standings: Array<{ user: { id: string; displayName: string }; points: number; tieBreak: number; played: number; left: number; droppedOut: boolean }>;
  rounds: Array<{
    number: number;
    started: boolean;
    byes: { id: string }[];
    tables: Array<{ players: { id: string }[]; points: number[] | null; game: { id: string; status: string } | null }>;
  }>;
}

describe('leagues', () => {
  const clock = new ManualClock(new Date('2026-06-01T09:00:00.000Z'));
  let server: TestServer;
  let players: Player[];
  let outsider: Player;
  let groupId: string;
  let inviteCode: string;

  beforeAll(async () => {
    server = await startTestServer({ clock });
    players = [];
    for (const name of ['Ann', 'Bob', 'Cat', 'Dan', 'Eve', 'Fay']) players.push(await registerPlayer(server.url, name));
    outsider = await registerPlayer(server.url, 'Olga');
    const made = await gqlOk<{ createGroup: { id: string; inviteUrl: string } }>(
      server.url,
      `mutation { createGroup(name: "Tuesday club") { id inviteUrl } }`,
      {},
      players[0].token,
    );
    groupId = made.createGroup.id;
    inviteCode = made.createGroup.inviteUrl.split('/').pop()!;
    for (const player of players.slice(1)) await joinGroup(player);
  });

  afterAll(() => server.close());

  const joinGroup = (player: Player) => gqlOk(server.url, `mutation($code: String!) { joinGroup(code: $code) { id } }`, { code: inviteCode }, player.token);

  const byName = (name: string) => players.find((player) => player.name === name)!;
  const nameOf = (id: string) => players.find((player) => player.id === id)!.name;

  function createLeague(input: Record<string, unknown>, as: Player = players[0]) {
    return gql<{ createLeague: LeagueSeen }>(
      server.url,
      `mutation($input: CreateLeagueInput!) { createLeague(input: $input) { ${LEAGUE_FIELDS} } }`,
      { input: { groupId, memberIds: players.map((player) => player.id), ...input } },
      as.token,
    );
  }

  async function readLeague(id: string, as: Player = players[0]): Promise<LeagueSeen> {
    return (await gqlOk<{ league: LeagueSeen }>(server.url, `query($id: ID!) { league(id: $id) { ${LEAGUE_FIELDS} } }`, { id }, as.token)).league;
  }

  /** A few moves chosen at random among the listed ones (seeded), by whoever is to move. */
  async function playSomeMoves(gameId: string, moves: number): Promise<void> {
    const play = server.app.get(GameService);
    const choose = seededRandom(`league moves ${gameId}`);
    let game = await play.load(gameId);
    for (let i = 0; i < moves && game.row.status === 'ACTIVE'; i++) {
      const seat = choose.pick(game.row.activeSeats);
      const listed = game.ruleset.legalMoves(game.state.rules, seat) as unknown[];
      game = await play.submitMove(game.state.seats[seat]!, gameId, choose.pick(listed), game.row.version);
    }
  }

  /** Resigns, again when a bot moved meanwhile (VERSION_CONFLICT: a bot's move and the resignation crossed). */
  async function resign(gameId: string, player: Player): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const result = await gql(server.url, `mutation($id: ID!) { resignGame(gameId: $id) { id } }`, { id: gameId }, player.token);
      if (errorCode(result) !== 'VERSION_CONFLICT') return void expect(result.errors).toBeUndefined();
    }
    throw new Error(`${player.name} could not resign: the game kept changing`);
  }

  async function agreeToDraw(gameId: string, proposer: Player, answerer: Player): Promise<void> {
    await gqlOk(server.url, `mutation($id: ID!) { proposeEnd(gameId: $id) { id } }`, { id: gameId }, proposer.token);
    await gqlOk(server.url, `mutation($id: ID!) { answerEndProposal(gameId: $id, accept: true) { id status } }`, { id: gameId }, answerer.token);
  }

  /** Plays every game of the current round as `finish` says, then lets the sweep start the next round. */
  async function playRound(leagueId: string, finish: (gameId: string, table: Player[]) => Promise<void>): Promise<LeagueSeen> {
    const league = await readLeague(leagueId);
    const round = league.rounds.find((each) => each.number === league.currentRound)!;
    // A table without a game was forfeited by those who dropped out.
    for (const table of round.tables.filter((each) => each.game !== null)) {
      expect(table.game!.status).toBe('ACTIVE');
      await finish(
        table.game!.id,
        table.players.map((seat) => players.find((player) => player.id === seat.id)!),
      );
    }
    await server.app.get(Deadlines).runDue();
    return readLeague(leagueId);
  }

  describe('a round robin of two-player Five Tribes', () => {
    // Who beats whom (the first named wins), and the draws: scripted, so that the table below can be worked out by hand.
    const WINS = [
      ['Ann', 'Bob'],
      ['Ann', 'Cat'],
      ['Ann', 'Dan'],
      ['Ann', 'Eve'],
      ['Bob', 'Cat'],
      ['Bob', 'Dan'],
      ['Eve', 'Bob'],
      ['Cat', 'Dan'],
      ['Cat', 'Eve'],
      ['Cat', 'Fay'],
      ['Dan', 'Eve'],
      ['Eve', 'Fay'],
    ];
    const DRAWS = [
      ['Ann', 'Fay'],
      ['Bob', 'Fay'],
      ['Dan', 'Fay'],
    ];
    const same = (pair: string[], a: string, b: string) => (pair[0] === a && pair[1] === b) || (pair[0] === b && pair[1] === a);

    async function finishByScript(gameId: string, table: Player[]): Promise<void> {
      const [first, second] = table.map((player) => player.name);
      await playSomeMoves(gameId, 4);
      if (DRAWS.some((pair) => same(pair, first, second))) return agreeToDraw(gameId, table[0], table[1]);
      const winner = WINS.find((pair) => same(pair, first, second))![0];
      await resign(
        gameId,
        table.find((player) => player.name !== winner)!,
      );
    }

    it('plays 15 games over five rounds, everyone meeting everyone once, to the standings worked out by hand', async () => {
      const created = await createLeague({ ruleset: 'five-tribes', seatsPerGame: 2, format: 'ROUND_ROBIN' });
      expect(created.errors).toBeUndefined();
      let league = created.data!.createLeague;
      expect(league.rounds).toHaveLength(5);
      expect(league.currentRound).toBe(1);
      expect(league.rounds[1].tables.every((table) => table.game === null)).toBe(true);
      for (let round = 1; round <= 5; round++) {
        expect(league.currentRound).toBe(round);
        league = await playRound(league.id, finishByScript);
      }
      expect(league.finished).toBe(true);
      expect(league.seed).toMatch(/^[0-9a-f]{64}$/);
      const meetings = league.rounds.flatMap((round) =>
        round.tables.map((table) =>
          table.players
            .map((player) => nameOf(player.id))
            .sort()
            .join('-'),
        ),
      );
      expect(meetings).toHaveLength(15);
      expect(league.rounds.every((round) => round.tables.every((table) => table.game?.status === 'FINISHED'))).toBe(true);
      // Rated, as a league's games are unless it says otherwise.
      expect((await server.app.get(GameService).load(league.rounds[0].tables[0].game!.id)).state.rated).toBeUndefined();
      expect(new Set(meetings).size).toBe(15);
      // Points: a win 1, a draw ½. Sonneborn-Berger: the points of those beaten, and half those of those drawn with.
      // Ann: Bob 2.5 + Cat 3 + Dan 1.5 + Eve 2 + ½ Fay 1.5 = 9.75; Cat: Dan 1.5 + Eve 2 + Fay 1.5 = 5; Bob: Cat 3 + Dan 1.5 + ½ Fay 1.5 = 5.25;
      // Eve: Bob 2.5 + Fay 1.5 = 4; Fay: ½ (Ann 4.5 + Bob 2.5 + Dan 1.5) = 4.25; Dan: Eve 2 + ½ Fay 1.5 = 2.75.
      expect(league.standings.map((row) => [row.user.displayName, row.points, row.tieBreak, row.played, row.left])).toEqual([
        ['Ann', 4.5, 9.75, 5, 0],
        ['Cat', 3, 5, 5, 0],
        ['Bob', 2.5, 5.25, 5, 0],
        ['Eve', 2, 4, 5, 0],
        ['Fay', 1.5, 4.25, 5, 0],
        ['Dan', 1.5, 2.75, 5, 0],
      ]);
      await expectSameStandingsFromTheRecords(league);
    });

    /** `npm run league-standings` over the league's definition and its games' records, downloaded, gives the API's table. */
    async function expectSameStandingsFromTheRecords(league: LeagueSeen): Promise<void> {
      const dir = mkdtempSync(join(tmpdir(), 'pbw-league-'));
      const { definition } = (
        await gqlOk<{ league: { definition: unknown } }>(server.url, `query($id: ID!) { league(id: $id) { definition } }`, { id: league.id }, players[0].token)
      ).league;
      writeFileSync(join(dir, 'league.json'), JSON.stringify(definition));
      const games = league.rounds.flatMap((round) => round.tables.map((table) => table.game!.id));
      for (const gameId of games) {
        const record = await fetch(server.url.replace(/\/graphql$/, `/games/${gameId}/record.json`), {
          headers: { authorization: `Bearer ${players[0].token}` },
        });
        writeFileSync(join(dir, `${gameId}.json`), await record.text());
      }
      const run = await runTool('league-standings.ts', [join(dir, 'league.json'), ...games.map((gameId) => join(dir, `${gameId}.json`))]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const printed = run.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'));
      expect(printed).toEqual(
        league.standings.map((row, i) => [String(i + 1), row.user.displayName, String(row.points), String(row.tieBreak), String(row.played), String(row.left)]),
      );
    }
  });

  describe('a Swiss league of Five Points at three seats', () => {
    /** The strongest at the table wins, the weakest resigns first (strength: the order the players were registered in). */
    async function finishByStrength(gameId: string, table: Player[]): Promise<void> {
      await playSomeMoves(gameId, 3);
      const weakestFirst = [...table].sort((a, b) => players.indexOf(b) - players.indexOf(a));
      await resign(gameId, weakestFirst[0]);
      await resign(gameId, weakestFirst[1]);
    }

    it('plays three rounds of two tables with no table met twice, the standings from the places', async () => {
      const created = await createLeague({ ruleset: 'five-points', seatsPerGame: 3, format: 'SWISS', rounds: 3 });
      expect(created.errors).toBeUndefined();
      let league = created.data!.createLeague;
      for (let round = 1; round <= 3; round++) league = await playRound(league.id, finishByStrength);
      expect(league.finished).toBe(true);
      const tables = league.rounds.flatMap((round) =>
        round.tables.map((table) =>
          table.players
            .map((player) => nameOf(player.id))
            .sort()
            .join('-'),
        ),
      );
      expect(tables).toHaveLength(6);
      expect(new Set(tables).size).toBe(6);
      // Places give 2, 1 and 0 points: every row is 3 games, and all points add up to 3 per game.
      expect(league.standings.every((row) => row.played === 3 && row.left === 0)).toBe(true);
      expect(league.standings.reduce((sum, row) => sum + row.points, 0)).toBe(18);
      // Ann is strongest: she wins every game.
      expect(league.standings[0]).toMatchObject({ user: { displayName: 'Ann' }, points: 6 });
    });
  });

  it('forfeits the games of a player who dropped out: no game is made for them, their opponent wins', async () => {
    const three = [byName('Ann'), byName('Bob'), byName('Cat')];
    const created = await createLeague({ ruleset: 'five-tribes', seatsPerGame: 2, format: 'ROUND_ROBIN', memberIds: three.map((player) => player.id) });
    const league = created.data!.createLeague;
    expect(league.rounds).toHaveLength(3);
    const left = await gql<{ leaveLeague: LeagueSeen }>(
      server.url,
      `mutation($id: ID!) { leaveLeague(leagueId: $id) { ${LEAGUE_FIELDS} } }`,
      { id: league.id },
      byName('Cat').token,
    );
    expect(left.errors).toBeUndefined();
    // Cat's game of round 1 (if any) goes on; their later games are forfeited at once.
    let seen = left.data!.leaveLeague;
    const cat = seen.standings.find((row) => row.user.displayName === 'Cat')!;
    expect(cat).toMatchObject({ droppedOut: true, left: 0 });
    for (let round = seen.currentRound; round <= 3; round++) {
      seen = await playRound(league.id, (gameId, table) => resign(gameId, table[1]));
    }
    expect(seen.finished).toBe(true);
    const catTables = seen.rounds.flatMap((round) => round.tables).filter((table) => table.players.some((player) => player.id === byName('Cat').id));
    expect(catTables.filter((table) => table.game === null).length).toBeGreaterThanOrEqual(1);
    expect(catTables.every((table) => table.points !== null)).toBe(true);
    expect(errorCode(await gql(server.url, `mutation($id: ID!) { leaveLeague(leagueId: $id) { id } }`, { id: league.id }, byName('Cat').token))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('drops out of the league one who leaves its group: no later game seats them, even once they are back in the group', async () => {
    const [ann, bob, cat] = [byName('Ann'), byName('Bob'), byName('Cat')];
    const league = (await createLeague({ ruleset: 'five-tribes', seatsPerGame: 2, format: 'ROUND_ROBIN', memberIds: [ann.id, bob.id, cat.id] })).data!
      .createLeague;
    await gqlOk(server.url, `mutation($id: ID!) { leaveGroup(groupId: $id) }`, { id: groupId }, cat.token);
    // Cat's game of round 1 (if any) goes on, as a drop-out's does; the round after is paired without them.
    let seen = await playRound(league.id, (gameId, table) => resign(gameId, table[1]));
    await joinGroup(cat);
    while (!seen.finished) seen = await playRound(league.id, (gameId, table) => resign(gameId, table[1]));
    expect(seen.standings.find((row) => row.user.id === cat.id)).toMatchObject({ droppedOut: true, left: 0 });
    const catTables = seen.rounds.slice(1).flatMap((round) => round.tables.filter((table) => table.players.some((player) => player.id === cat.id)));
    expect(catTables.length).toBeGreaterThanOrEqual(1);
    expect(catTables.every((table) => table.game === null && table.points !== null)).toBe(true);
  });

  it('has bots play the games of one who dropped out, where the league says so: their results count for them', async () => {
    const [ann, bob, cat] = [byName('Ann'), byName('Bob'), byName('Cat')];
    const input = { ruleset: 'five-tribes', seatsPerGame: 2, format: 'ROUND_ROBIN', memberIds: [ann.id, bob.id, cat.id], botsPlayDropOuts: true };
    const league = (await createLeague(input)).data!.createLeague;
    await gqlOk(server.url, `mutation($id: ID!) { leaveLeague(leagueId: $id) { id } }`, { id: league.id }, cat.token);
    const botSeats = async (gameId: string) =>
      (
        await gqlOk<{ game: { seats: Array<{ bot: string | null }> } }>(
          server.url,
          `query($id: ID!) { game(id: $id) { seats { bot } } }`,
          { id: gameId },
          ann.token,
        )
      ).game.seats;
    let seen = await readLeague(league.id);
    let gamesWithABot = 0;
    while (!seen.finished) {
      seen = await playRound(league.id, async (gameId, table) => {
        const seats = await botSeats(gameId);
        const bot = seats.findIndex((seat) => seat.bot !== null);
        gamesWithABot += bot === -1 ? 0 : 1;
        // Whoever is not Cat's bot resigns: Cat's bot wins; without a bot, the second seat resigns.
        await resign(gameId, bot === -1 ? table[1] : table[1 - bot]);
      });
    }
    expect(gamesWithABot).toBeGreaterThanOrEqual(1);
    const catRow = seen.standings.find((row) => row.user.id === cat.id)!;
    expect(catRow).toMatchObject({ droppedOut: true, played: 2, left: 0 });
    expect(catRow.points).toBeGreaterThanOrEqual(gamesWithABot);
    expect(seen.rounds.every((round) => round.tables.every((table) => table.game?.status === 'FINISHED'))).toBe(true);
  });

  it('waits for its start date: no game before, the first round once the sweep passes the date (unrated, as asked)', async () => {
    const startsAt = new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const league = (await createLeague({ ruleset: 'five-tribes', seatsPerGame: 2, format: 'SWISS', rounds: 1, startsAt, rated: false })).data!.createLeague;
    expect(league.currentRound).toBe(0);
    await server.app.get(Deadlines).runDue();
    expect((await readLeague(league.id)).currentRound).toBe(0);
    clock.advance(60 * 60 * 1000);
    await server.app.get(Deadlines).runDue();
    const started = await readLeague(league.id);
    expect(started.currentRound).toBe(1);
    expect(started.rounds[0].tables).toHaveLength(3);
    expect(started.rounds[0].tables.every((table) => table.game?.status === 'ACTIVE')).toBe(true);
    expect((await server.app.get(GameService).load(started.rounds[0].tables[0].game!.id)).state.rated).toBe(false);
  });

  describe('refusals, each writing nothing', () => {
    const leagues = () => server.app.get(PrismaService).league.count();
    const refusal = async (attempt: Promise<{ errors?: Array<{ extensions?: Record<string, unknown> }> }>) => {
      const before = await leagues();
      const result = await attempt;
      expect(await leagues()).toBe(before);
      return result.errors?.[0]?.extensions;
    };
    const roundRobin = { ruleset: 'five-tribes', seatsPerGame: 2, format: 'ROUND_ROBIN' };

    it.each([
      ['a member who is not an admin', () => createLeague(roundRobin, byName('Bob')), { code: 'FORBIDDEN' }],
      ['someone outside the group', () => createLeague(roundRobin, outsider), { code: 'NOT_GROUP_MEMBER' }],
      [
        'a player outside the group among the members',
        () => createLeague({ ...roundRobin, memberIds: [byName('Ann').id, outsider.id] }),
        { code: 'NOT_GROUP_MEMBER' },
      ],
      ['more seats than the game has', () => createLeague({ ...roundRobin, seatsPerGame: 5 }), { code: 'BAD_USER_INPUT', reason: 'BAD_SEATS_PER_GAME' }],
      [
        'fewer seats than the game needs',
        () => createLeague({ ...roundRobin, ruleset: 'five-points', seatsPerGame: 2 }),
        { code: 'BAD_USER_INPUT', reason: 'BAD_SEATS_PER_GAME' },
      ],
      ['rounds for a round robin', () => createLeague({ ...roundRobin, rounds: 3 }), { code: 'BAD_USER_INPUT', reason: 'BAD_ROUNDS' }],
      ['a Swiss league without rounds', () => createLeague({ ...roundRobin, format: 'SWISS' }), { code: 'BAD_USER_INPUT', reason: 'BAD_ROUNDS' }],
      ['a Swiss league of 0 rounds', () => createLeague({ ...roundRobin, format: 'SWISS', rounds: 0 }), { code: 'BAD_USER_INPUT', reason: 'BAD_ROUNDS' }],
      ['points that rise', () => createLeague({ ...roundRobin, pointsPerPlace: [0, 1] }), { code: 'BAD_USER_INPUT', reason: 'BAD_POINTS' }],
      ['a bad time control', () => createLeague({ ...roundRobin, timeControl: { hoursPerMove: 0 } }), { code: 'BAD_USER_INPUT' }],
    ])('refuses %s', async (_, attempt, expected) => {
      expect(await refusal(attempt())).toMatchObject(expected);
    });

    it('refuses a format it does not know', async () => {
      expect((await refusal(createLeague({ ...roundRobin, format: 'KNOCKOUT' })))?.code).toBe('BAD_USER_INPUT');
    });

    it('shows a league to the members of its group alone', async () => {
      const league = (await createLeague({ ...roundRobin, format: 'SWISS', rounds: 1 })).data!.createLeague;
      expect(errorCode(await gql(server.url, `query($id: ID!) { league(id: $id) { id } }`, { id: league.id }, outsider.token))).toBe('NOT_GROUP_MEMBER');
      expect(
        errorCode(await gql(server.url, `query($id: ID!) { league(id: $id) { id } }`, { id: '00000000-0000-4000-8000-000000000000' }, outsider.token)),
      ).toBe('NOT_FOUND');
    });
  });
});
