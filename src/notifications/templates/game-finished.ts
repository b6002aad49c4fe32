import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface Standing {
  name: string;
  score: number | null;
  winner: boolean;
  /** The player's points in each of the ruleset's score categories they scored in ("Gold 40"), as the end screen's score sheet shows them. */
  breakdown: Array<{ label: string; points: number }>;
}

export interface GameFinishedContext extends GameMailContext {
  standings: Standing[];
  /** Set when the host ended the game early. */
  endedByHost: string | null;
}

function standingLine(s: Standing): string {
  const breakdown = s.breakdown.map((line) => `${line.label} ${line.points}`).join(', ');
  return `${s.name}${s.score === null ? '' : `: ${s.score}`}${s.winner ? ' (winner)' : ''}${breakdown ? ` (${breakdown})` : ''}`;
}

export const gameFinishedMail: MailTemplate<GameFinishedContext> = (c) => {
  const winners = c.standings.filter((s) => s.winner).map((s) => s.name);
  const headline = `${c.gameTitle} is over. ${winners.length > 0 ? `Won by ${winners.join(' and ')}.` : 'Nobody won.'}`;
  const early = c.endedByHost ? `The host ended it early (${c.endedByHost}).` : '';
  return {
    subject: `Game over: ${c.gameTitle}`,
    text: [headline, ...(early ? [early] : []), '', ...c.standings.map((s) => `  ${standingLine(s)}`), '', `The whole game, now open to all: ${c.gameUrl}`].join('\n'),
    html: html`<p>${headline} ${early}</p>
<ul>${c.standings.map((s) => html`<li>${standingLine(s)}</li>`)}</ul>
<p><a href="${c.gameUrl}">See the whole game</a>, now open to all.</p>`,
  };
};
