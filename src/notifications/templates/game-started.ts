import { html } from './html';
import { GameMailContext, listNames, MailTemplate } from './mail-template';

export interface GameStartedContext extends GameMailContext {
  players: string[];
}

export const gameStartedMail: MailTemplate<GameStartedContext> = (c) => ({
  subject: `Game started: ${c.gameTitle}`,
  text: `${c.gameTitle} (${c.rulesetName}) has started. Players: ${listNames(c.players)}.\n\nFollow it: ${c.gameUrl}`,
  html: html`<p><strong>${c.gameTitle}</strong> (${c.rulesetName}) has started. Players: ${listNames(c.players)}.</p>
    <p><a href="${c.gameUrl}">Follow the game</a></p>`,
});
