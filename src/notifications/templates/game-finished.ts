import { possessive } from '../../play/moments';
import { capitalized } from '../../rules/text';
import { html } from './html';
import { GameMailContext, listNames, MailTemplate } from './mail-template';

export interface Standing {
  name: string;
  score: number | null;
  winner: boolean;
  /** The player's points in each of the ruleset's score categories they scored in ("Gold 40"), as the end screen's score sheet shows them. */
  breakdown: Array<{ label: string; points: number }>;
}

export interface GameFinishedContext extends GameMailContext {
  standings: Standing[];
  /** How the game ended before its rules ended it; null when they did. */
  earlyEnd: EarlyEnd | null;
}

/**
 * The host ended it (with the reason the server wrote then); or a player's
 * move deadline passed and the game's settings, or its host, ended it then;
 * or every player agreed to end it.
 */
export type EarlyEnd =
  { by: 'host'; reason: string } | { by: 'deadline'; latePlayer: string; recipientIsLate: boolean; hostChose: boolean } | { by: 'agreement' };

function earlyEndText(end: EarlyEnd): string {
  // As the game's end screen says it.
  if (end.by === 'agreement') return 'The players agreed to end the game as it stood.';
  if (end.by === 'host') return `The host ended it early (${end.reason}).`;
  const deadline = `${end.recipientIsLate ? 'your' : possessive(end.latePlayer)} move deadline`;
  return end.hostChose ? `The host ended it when ${deadline} passed.` : `${capitalized(deadline)} passed, and the game's settings end the game then.`;
}

function standingLine(s: Standing): string {
  const breakdown = s.breakdown.map((line) => `${line.label} ${line.points}`).join(', ');
  return `${s.name}${s.score === null ? '' : `: ${s.score}`}${s.winner ? ' (winner)' : ''}${breakdown ? ` (${breakdown})` : ''}`;
}

export const gameFinishedMail: MailTemplate<GameFinishedContext> = (c) => {
  const winners = c.standings.filter((s) => s.winner).map((s) => s.name);
  const headline = `${c.gameTitle} is over. ${winners.length > 0 ? `Won by ${listNames(winners)}.` : 'Nobody won.'}`;
  const early = c.earlyEnd ? earlyEndText(c.earlyEnd) : '';
  return {
    subject: `Game over: ${c.gameTitle}`,
    text: [
      headline,
      ...(early ? [early] : []),
      '',
      ...c.standings.map((s) => `  ${standingLine(s)}`),
      '',
      `The whole game, now open to all: ${c.gameUrl}`,
    ].join('\n'),
    html: html`<p>${headline} ${early}</p>
      <ul>
        ${c.standings.map((s) => html`<li>${standingLine(s)}</li>`)}
      </ul>
      <p><a href="${c.gameUrl}">See the whole game</a>, now open to all.</p>`,
  };
};
