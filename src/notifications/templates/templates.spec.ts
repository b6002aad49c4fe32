/**
 * Every kind of mail, through the layout every mail goes through: it links
 * to the settings page by its address, in both parts, and speaks the
 * player's language: no API name (an operation, an enum value) and no
 * version number reaches a reader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, isEnumType } from 'graphql';
import {
  agreementRequestMail,
  deadlinePassedMail,
  deadlineReminderMail,
  digestMail,
  emailChangeRequestedMail,
  gameFinishedMail,
  gameStartedMail,
  invitationMail,
  seatOfferMail,
  invitationToSignUpMail,
  newMessagesMail,
  layout,
  passwordResetMail,
  passwordResetWithoutAccountMail,
  rollbackMail,
  rulesCheckFailedMail,
  signUpAttemptMail,
  verifyEmailMail,
  webhookSwitchedOffMail,
  tableExpiredMail,
  seatOfferDeclinedMail,
  yourTurnMail,
} from './index';
import { listNames, MailBody } from './mail-template';

const SITE = 'https://play.example';
const game = { gameTitle: "Ann's Five Tribes game", rulesetName: 'Five Tribes', gameUrl: `${SITE}/games/g1`, timeZone: 'UTC' };
const sinceUrl = `${SITE}/games/g1?since=me`;

const deadline = {
  latePlayer: 'Bob',
  recipientIsLate: false,
  recipientIsHost: true,
  hostName: 'Ann',
  onExpiry: 'EXTEND' as const,
  extendedTo: new Date('2026-12-04T10:00:00Z'),
  extendedByHost: false,
};

const BODIES: Record<string, MailBody> = {
  verifyEmail: verifyEmailMail({ link: `${SITE}/verify-email?token=t`, forAccountChange: false }),
  verifyNewEmail: verifyEmailMail({ link: `${SITE}/verify-email?token=t`, forAccountChange: true }),
  passwordReset: passwordResetMail({ link: `${SITE}/reset-password?token=t` }),
  signUpAttempt: signUpAttemptMail({ loginUrl: `${SITE}/`, resetUrl: `${SITE}/forgot-password` }),
  passwordResetWithoutAccount: passwordResetWithoutAccountMail({ signUpUrl: `${SITE}/sign-up?email=ann%40example.org`, resetUrl: `${SITE}/forgot-password` }),
  emailChangeRequested: emailChangeRequestedMail({ newEmail: 'new@example.org', accountUrl: `${SITE}/account` }),
  invitationToSignUp: invitationToSignUpMail({ hostName: 'Ann', rulesetName: 'Five Tribes', gameTitle: game.gameTitle, signUpUrl: `${SITE}/sign-up` }),
  yourTurn: yourTurnMail({
    ...game,
    movedBy: ['Bob'],
    summary: ['Bob rolled the game back to move 14 (round 2).'],
    sinceStart: false,
    deadline: new Date('2026-12-01T10:00:00Z'),
    chat: null,
    sinceUrl,
  }),
  yourTurnWithChat: yourTurnMail({
    ...game,
    movedBy: ['Bob'],
    summary: ['Bob took 3 coins.'],
    sinceStart: true,
    deadline: null,
    chat: { lines: [{ authorName: 'Bob', text: 'Good luck!' }], count: 1 },
    sinceUrl,
  }),
  newMessages: newMessagesMail({ ...game, chat: { lines: [{ authorName: 'Bob', text: 'Your move, Ann.' }], count: 3 } }),
  invitation: invitationMail({ ...game, hostName: 'Ann' }),
  seatOffer: seatOfferMail({ ...game, playerName: 'Bob', takeOverUrl: game.gameUrl, signUp: false }),
  seatOfferToSignUp: seatOfferMail({ ...game, playerName: 'Bob', takeOverUrl: `${SITE}/sign-up?email=eve%40example.org`, signUp: true }),
  gameStarted: gameStartedMail({ ...game, players: ['Ann', 'Bob'] }),
  gameFinished: gameFinishedMail({
    ...game,
    standings: [
      {
        name: 'Ann',
        score: 140,
        winner: true,
        breakdown: [
          { label: 'Gold', points: 100 },
          { label: 'Djinns', points: 40 },
        ],
      },
      { name: 'Bob', score: 120, winner: false, breakdown: [{ label: 'Gold', points: 120 }] },
    ],
    earlyEnd: null,
  }),
  rollback: rollbackMail({ ...game, hostName: 'Ann', position: 'move 14 (round 2)', reason: 'Bob misclicked' }),
  deadlineReminder: deadlineReminderMail({ ...game, deadline: new Date('2026-12-01T10:00:00Z') }),
  ...Object.fromEntries(
    (['ASK_HOST', 'EXTEND', 'SKIP', 'END'] as const).map((onExpiry) => [`deadlinePassed ${onExpiry}`, deadlinePassedMail({ ...game, ...deadline, onExpiry })]),
  ),
  deadlineExtendedByHost: deadlinePassedMail({ ...game, ...deadline, recipientIsLate: true, recipientIsHost: false, extendedByHost: true }),
  rulesCheckFailed: rulesCheckFailedMail({ ...game, firstBadMove: 'move 19 (round 1)', rollbackUrl: `${SITE}/games/g1?rollbackTo=40` }),
  digest: digestMail({ items: [{ subject: 'Your turn', url: game.gameUrl }] }),
  seatOfferDeclined: seatOfferDeclinedMail({ ...game, seatNumber: 2 }),
  tableExpired: tableExpiredMail({ ...game, afterDays: 14, lobbyUrl: `${SITE}/` }),
  webhookSwitchedOff: webhookSwitchedOffMail({ game, host: 'discord.com', settingsUrl: `${SITE}/settings` }),
  playerWebhookSwitchedOff: webhookSwitchedOffMail({ game: null, host: 'hooks.slack.com', settingsUrl: `${SITE}/settings` }),
};

/** Names of the API: its operations (camel case) and enum values (YOUR_TURN, ASK_HOST). */
function apiNames(): string[] {
  const schema = buildSchema(readFileSync(join(__dirname, '../../api/schema.graphql'), 'utf8'));
  const operations = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) => Object.keys(type?.getFields() ?? {}));
  const enumValues = Object.values(schema.getTypeMap())
    .filter(isEnumType)
    .filter((type) => !type.name.startsWith('__'))
    .flatMap((type) => type.getValues().map((value) => value.name));
  return [...operations.filter((name) => /[A-Z]/.test(name)), ...enumValues.filter((name) => name.includes('_'))];
}

describe('every mail', () => {
  const names = apiNames();
  const unsubscribe = { what: 'your-turn emails', url: `${SITE}/unsubscribe?sig=s` };

  it.each(Object.entries(BODIES))('%s: links to the settings page in both parts, in words, without API names', (_kind, body) => {
    for (const mail of [
      layout(body, { recipientName: 'Ann', settingsUrl: `${SITE}/settings` }),
      layout(body, { recipientName: null, settingsUrl: `${SITE}/settings`, unsubscribe }),
    ]) {
      expect(mail.text).toContain(`settings page: ${SITE}/settings`);
      expect(mail.html).toContain(`<a href="${SITE}/settings">`);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(names.filter((name) => new RegExp(`\\b${name}\\b`).test(part))).toEqual([]);
        expect(part).not.toMatch(/\bversions?\b/i);
      }
    }
  });

  it('knows the API names it keeps out', () => {
    expect(names).toEqual(expect.arrayContaining(['updateNotificationSettings', 'resolveDeadline', 'YOUR_TURN', 'ASK_HOST']));
  });
});

describe('the game-finished mail', () => {
  it("breaks each player's score down by the ruleset's categories, as the end screen does", () => {
    const { text, html } = BODIES.gameFinished;
    expect(text).toContain('  Ann: 140 (winner) (Gold 100, Djinns 40)');
    expect(text).toContain('  Bob: 120 (Gold 120)');
    expect(html.value).toContain('<li>Ann: 140 (winner) (Gold 100, Djinns 40)</li>');
  });
});

describe('the game-finished mail of a game ended at a move deadline', () => {
  const standings = [
    { name: 'Ann', score: null, winner: false, breakdown: [] },
    { name: 'Bob', score: null, winner: false, breakdown: [] },
  ];
  it("says the game's settings ended it, not the host, naming the late player", () => {
    const { text } = gameFinishedMail({ ...game, standings, earlyEnd: { by: 'deadline', latePlayer: 'Bob', recipientIsLate: false, hostChose: false } });
    expect(text).toContain("Bob's move deadline passed, and the game's settings end the game then.");
    expect(text).not.toMatch(/host|seat/i);
  });

  it('speaks to the late player of their own deadline, and says when the host chose the end', () => {
    expect(gameFinishedMail({ ...game, standings, earlyEnd: { by: 'deadline', latePlayer: 'Bob', recipientIsLate: true, hostChose: false } }).text).toContain(
      "Your move deadline passed, and the game's settings end the game then.",
    );
    expect(gameFinishedMail({ ...game, standings, earlyEnd: { by: 'deadline', latePlayer: 'Bob', recipientIsLate: false, hostChose: true } }).text).toContain(
      "The host ended it when Bob's move deadline passed.",
    );
  });
});

describe('the game-finished mail of a game ended by agreement', () => {
  it('says the players agreed to end it, with the standings where there are scores', () => {
    const standings = [
      { name: 'Ann', score: 30, winner: true, breakdown: [] },
      { name: 'Bob', score: 20, winner: false, breakdown: [] },
    ];
    const { text, html } = gameFinishedMail({ ...game, standings, earlyEnd: { by: 'agreement' } });
    expect(text).toContain(`${game.gameTitle} is over. Won by Ann.\nThe players agreed to end the game as it stood.`);
    expect(text).toContain('  Ann: 30 (winner)');
    expect(html.value).toContain('The players agreed to end the game as it stood.');
    const noScores = gameFinishedMail({ ...game, standings: standings.map((s) => ({ ...s, score: null, winner: false })), earlyEnd: { by: 'agreement' } });
    expect(noScores.text).toContain('is over. Nobody won.\nThe players agreed to end the game as it stood.');
  });
});

describe('the deadline-passed mail', () => {
  it('tells the new deadline where the game settings extended it, to the late player and to the host', () => {
    expect(deadlinePassedMail({ ...game, ...deadline }).text).toContain(
      'As the game settings say, Bob has more time: the deadline was extended to Fri 4 Dec 2026, 10:00 UTC.',
    );
    expect(deadlinePassedMail({ ...game, ...deadline, recipientIsLate: true, recipientIsHost: false }).text).toContain(
      'As the game settings say, you have more time: please move by Fri 4 Dec 2026, 10:00 UTC.',
    );
  });

  it('speaks to the host, who chooses, as "you"', () => {
    const toHost = deadlinePassedMail({ ...game, ...deadline, onExpiry: 'ASK_HOST', extendedTo: null }).text;
    expect(toHost).toContain("You now choose, on the game's page, whether to give more time, skip the turn or end the game.");
    expect(toHost).not.toContain('The host');
    expect(deadlinePassedMail({ ...game, ...deadline, onExpiry: 'ASK_HOST', extendedTo: null, recipientIsLate: true, recipientIsHost: false }).text).toContain(
      'The host now chooses',
    );
  });

  it('tells the late player the host gave them more time, and until when', () => {
    const { subject, text } = BODIES.deadlineExtendedByHost;
    expect(subject).toBe(`More time to move: ${game.gameTitle}`);
    expect(text).toContain(
      `Your move deadline in ${game.gameTitle} (Five Tribes) had passed, and Ann, the host, gave you more time.\nPlease move by Fri 4 Dec 2026, 10:00 UTC.`,
    );
  });
});

describe('times in mail', () => {
  it("are written in the reader's time zone, saying which", () => {
    const due = new Date('2026-12-01T10:00:00Z');
    expect(deadlineReminderMail({ ...game, timeZone: 'America/New_York', deadline: due }).subject).toBe(
      `Reminder: your move in ${game.gameTitle} is due Tue 1 Dec 2026, 05:00 EST (New York time)`,
    );
    expect(deadlinePassedMail({ ...game, ...deadline, timeZone: 'Asia/Tokyo' }).text).toContain(
      'the deadline was extended to Fri 4 Dec 2026, 19:00 GMT+9 (Tokyo time).',
    );
    const request = agreementRequestMail({ ...game, timeZone: 'Asia/Tokyo', askerName: 'Bob', request: { kind: 'end' }, expiresAt: due });
    expect(request.text).toContain('unanswered it lapses on Tue 1 Dec 2026, 19:00 GMT+9 (Tokyo time).');
  });
});

describe('the mail offering a seat', () => {
  it('names whose seat it is and says the game is being played, with the link to take it over (or to sign up first)', () => {
    expect(BODIES.seatOffer.text).toContain("take over Bob's seat in a game of");
    expect(BODIES.seatOffer.text).toContain(`Take it over: ${game.gameUrl}`);
    expect(BODIES.seatOfferToSignUp.text).toContain(`Sign up with this address to take it over: ${SITE}/sign-up?email=eve%40example.org`);
  });
});

describe('the your-turn mail', () => {
  it('links to the game opened on the last move, to see what happened since, in words', () => {
    const { text, html } = BODIES.yourTurn;
    expect(text).toContain(`Please move by Tue 1 Dec 2026, 10:00 UTC.`);
    expect(text).toContain(`See what happened since your last move, move by move, then play yours: ${sinceUrl}`);
    expect(html.value).toContain(`<a href="${sinceUrl}">See what happened since your last move</a>, move by move, then play yours.`);
    expect(BODIES.yourTurnWithChat.text).toContain(`See what happened since the game began, move by move, then play yours: ${sinceUrl}`);
  });
});

describe('the agreement-request mail', () => {
  it('proposes to end the game by its name, now, as it stands', () => {
    const { subject, text, html } = agreementRequestMail({ ...game, askerName: 'Bob', request: { kind: 'end' }, expiresAt: new Date('2026-12-03T10:00:00Z') });
    expect(subject).toBe(`Bob proposes to end ${game.gameTitle}`);
    expect(text).toContain(`Bob proposes to end ${game.gameTitle} now, as it stands.\n`);
    expect(html.value).toContain('Bob proposes to end <strong>Ann&#39;s Five Tribes game</strong> now, as it stands.');
  });
});

describe('the takeback-request mail', () => {
  it('names the move the game would go back to', () => {
    const request = { kind: 'takeback' as const, reason: 'misclick', position: 'move 19 (round 1)' };
    const { text } = agreementRequestMail({ ...game, askerName: 'Bob', request, expiresAt: new Date('2026-12-03T10:00:00Z') });
    expect(text).toContain(`Bob asks everyone to agree to take ${game.gameTitle} back to move 19 (round 1).\nReason: misclick`);
  });
});

describe('names in a sentence', () => {
  it('are joined as people write them, with "and" before the last', () => {
    expect(listNames(['Ann'])).toBe('Ann');
    expect(listNames(['Ann', 'Bob'])).toBe('Ann and Bob');
    expect(listNames(['Ann', 'Bob', 'Cy'])).toBe('Ann, Bob and Cy');
    const turn = yourTurnMail({ ...game, movedBy: ['Bob', 'Cy'], summary: [], sinceStart: false, deadline: null, chat: null, sinceUrl });
    expect(turn.text).toContain(`Bob and Cy moved in ${game.gameTitle}`);
    expect(gameStartedMail({ ...game, players: ['Ann', 'Bob', 'Cy'] }).text).toContain('Players: Ann, Bob and Cy.');
    const standings = ['Ann', 'Bob', 'Cy'].map((name) => ({ name, score: 1, winner: true, breakdown: [] }));
    expect(gameFinishedMail({ ...game, standings, earlyEnd: null }).text).toContain('Won by Ann, Bob and Cy.');
  });
});

describe('the rules-check mail', () => {
  it('names the first move that no longer holds as the history counts it', () => {
    expect(BODIES.rulesCheckFailed.text).toContain(`${game.gameTitle} no longer holds from move 19 (round 1) on:`);
  });
});

describe("the mail telling a host their game's chat channel was switched off", () => {
  it('names the game, where the posts went, and where to set them again', () => {
    expect(BODIES.webhookSwitchedOff.text).toContain(`every post about ${game.gameTitle} to its chat channel (at discord.com) failed`);
    expect(layout(BODIES.webhookSwitchedOff, { recipientName: 'Ann', settingsUrl: SITE }).html).toContain(`<a href="${game.gameUrl}">the game&#39;s page</a>`);
    expect(BODIES.playerWebhookSwitchedOff.subject).toBe('Your turns are no longer posted to your chat channel');
    expect(BODIES.playerWebhookSwitchedOff.text).toContain(`every post of your turns to its chat channel (at hooks.slack.com) failed`);
    expect(BODIES.playerWebhookSwitchedOff.text).toContain(`your settings page: ${SITE}/settings`);
  });
});
