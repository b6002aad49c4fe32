/**
 * What a game's webhook posts to a chat channel, per service, and how a
 * JSON post is signed. Pure: the delivery (webhook-deliveries.ts) works out
 * the game's standing and sends what this returns.
 *
 * Every name in a post was typed by a player, so nothing in it may ping a
 * channel: Discord is told to parse no mentions, Slack's control characters
 * are escaped, Matrix gets escaped HTML.
 */
import { createHmac } from 'node:crypto';

export const WEBHOOK_KINDS = ['DISCORD', 'SLACK', 'MATRIX', 'JSON'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** A player's own ids on chat services, to mention them in posts; null where they gave none. */
export interface ChatHandles {
  discord: string | null;
  slack: string | null;
  matrix: string | null;
}

/** A player to move, by name, and how each service can mention them. */
export interface PlayerToMove {
  name: string;
  handles: ChatHandles | null;
}

/** A game as a channel is told of it: what anyone watching it may read, nothing hidden. */
export interface GameStanding {
  gameId: string;
  gameName: string;
  /** The game's version the post tells of. */
  version: number;
  /** The game's page. */
  link: string;
  /** The hash of the game's last event: the channel keeps it, an outside witness of the history up to here. */
  headHash: string;
  /** Players to act now (none once the game is over). */
  toAct: PlayerToMove[];
  /** The last move or action, in words; null before the first. */
  lastMove: string | null;
  /** Set once the game is over: how it ended, in words. */
  result: string | null;
}

/** How one service writes a post: its text escaped as it needs, and a player mentioned where it can. */
interface Writing {
  text: (words: string) => string;
  player: (player: PlayerToMove) => string;
}

const PLAIN: Writing = { text: (words) => words, player: ({ name }) => name };

/** The standing in sentences, as `writing` writes them: what every service's post says. */
export function standingLines(standing: GameStanding, writing: Writing = PLAIN): string[] {
  const name = writing.text(standing.gameName);
  return [
    standing.result ? `${name} is over: ${writing.text(standing.result)}` : `${name}: ${turnWords(standing.toAct.map(writing.player))}`,
    ...(standing.lastMove ? [`Last: ${writing.text(standing.lastMove)}`] : []),
    `Fingerprint of the game's history so far: ${standing.headHash}`,
  ];
}

function turnWords(toAct: string[]): string {
  if (toAct.length === 0) return 'nobody is to move.';
  if (toAct.length === 1) return `${toAct[0]} is to move.`;
  return `${toAct.slice(0, -1).join(', ')} and ${toAct[toAct.length - 1]} are to move.`;
}

/** Discord mentions a user by id; only those mentioned on purpose may be pinged (a name typed as "@everyone" pings nobody). */
const DISCORD: Writing = { text: (words) => words, player: ({ name, handles }) => (handles?.discord ? `<@${handles.discord}>` : name) };
const SLACK: Writing = { text: slackEscaped, player: ({ name, handles }) => (handles?.slack ? `<@${handles.slack}>` : slackEscaped(name)) };
/** A link to a Matrix user is how Matrix clients show (and notify) a mention. */
const MATRIX_HTML: Writing = {
  text: htmlEscaped,
  player: ({ name, handles }) =>
    handles?.matrix ? `<a href="https://matrix.to/#/${htmlEscaped(handles.matrix)}">${htmlEscaped(name)}</a>` : htmlEscaped(name),
};
const MATRIX_TEXT: Writing = { text: (words) => words, player: ({ name, handles }) => (handles?.matrix ? `${name} (${handles.matrix})` : name) };

/** The body of a post of `standing` to a webhook of `kind`. */
export function postBody(kind: WebhookKind, standing: GameStanding, sentAt: Date): unknown {
  switch (kind) {
    case 'DISCORD': {
      const users = standing.toAct.flatMap(({ handles }) => (handles?.discord ? [handles.discord] : []));
      return { content: [...standingLines(standing, DISCORD), standing.link].join('\n'), allowed_mentions: { parse: [], users } };
    }
    case 'SLACK':
      return { text: [...standingLines(standing, SLACK), `<${standing.link}|Open the game>`].join('\n') };
    case 'MATRIX':
      return {
        text: [...standingLines(standing, MATRIX_TEXT), standing.link].join('\n'),
        html: [...standingLines(standing, MATRIX_HTML), `<a href="${htmlEscaped(standing.link)}">Open the game</a>`].join('<br>'),
        username: 'Play by Web',
      };
    case 'JSON': {
      const game = { ...standing, toAct: standing.toAct.map(({ name }) => name) };
      return { type: standing.result ? 'game.finished' : 'game.turn', sentAt: sentAt.toISOString(), text: standingLines(standing).join('\n'), game };
    }
  }
}

/** Slack reads `&`, `<` and `>` as markup (links, @-mentions): a name must not. */
function slackEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function htmlEscaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The header a JSON post's signature travels in. */
export const SIGNATURE_HEADER = 'Webhook-Signature';

/**
 * The signature of a JSON post, as Stripe signs its own: `t=<unix seconds>,v1=<hex>`,
 * where v1 is the HMAC-SHA256, keyed with the webhook's secret, of `<t>.<body>`.
 * The time inside what is signed lets a receiver refuse an old post replayed.
 */
export function signature(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}
