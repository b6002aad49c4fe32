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
  /** Players to act now, by name (empty once the game is over). */
  toAct: string[];
  /** The last move or action, in words; null before the first. */
  lastMove: string | null;
  /** Set once the game is over: how it ended, in words. */
  result: string | null;
}

/** The standing in plain sentences: what every service's post says. */
export function standingLines(standing: GameStanding): string[] {
  return [
    standing.result ? `${standing.gameName} is over: ${standing.result}` : `${standing.gameName}: ${turnWords(standing.toAct)}`,
    ...(standing.lastMove ? [`Last: ${standing.lastMove}`] : []),
    `Fingerprint of the game's history so far: ${standing.headHash}`,
  ];
}

function turnWords(toAct: string[]): string {
  if (toAct.length === 0) return 'nobody is to move.';
  if (toAct.length === 1) return `${toAct[0]} is to move.`;
  return `${toAct.slice(0, -1).join(', ')} and ${toAct[toAct.length - 1]} are to move.`;
}

/** The body of a post of `standing` to a webhook of `kind`. */
export function postBody(kind: WebhookKind, standing: GameStanding, sentAt: Date): unknown {
  const lines = standingLines(standing);
  switch (kind) {
    case 'DISCORD':
      return { content: [...lines, standing.link].join('\n'), allowed_mentions: { parse: [] } };
    case 'SLACK':
      return { text: [...lines.map(slackEscaped), `<${standing.link}|Open the game>`].join('\n') };
    case 'MATRIX':
      return {
        text: [...lines, standing.link].join('\n'),
        html: [...lines.map(htmlEscaped), `<a href="${htmlEscaped(standing.link)}">Open the game</a>`].join('<br>'),
        username: 'Play by Web',
      };
    case 'JSON':
      return { type: standing.result ? 'game.finished' : 'game.turn', sentAt: sentAt.toISOString(), text: lines.join('\n'), game: standing };
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
