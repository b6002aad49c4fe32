import { html } from './html';
import { GameMailContext, MailTemplate } from './mail-template';

export interface RulesCheckFailedContext extends GameMailContext {
  /**
   * The first move of the game that the corrected rules do not give, as the history counts it ("move 19 (round 1)"); null when the game as a whole does
   * not hold.
   */
  firstBadMove: string | null;
  /** Opens the game at the point just before it, where the host can roll back; null where that is before the start of play. */
  rollbackUrl: string | null;
}

const where = (c: RulesCheckFailedContext) => (c.firstBadMove === null ? 'no longer holds' : `no longer holds from ${c.firstBadMove} on`);

export const rulesCheckFailedMail: MailTemplate<RulesCheckFailedContext> = (c) => ({
  subject: `A corrected rule affects your game: ${c.gameTitle}`,
  text:
    `The rules of ${c.rulesetName} were corrected on this server. Played again under the corrected rules, ${c.gameTitle} ${where(c)}: ` +
    `a move there would not be allowed, or would turn out differently, now.\n\nNothing in the game was changed. ` +
    (c.rollbackUrl
      ? `As its host, you can roll the game back to just before that move, and the players go on from there under the corrected rules: ${c.rollbackUrl}`
      : `It cannot be rolled back to before that point; see the game: ${c.gameUrl}`),
  html: html`<p>
      The rules of ${c.rulesetName} were corrected on this server. Played again under the corrected rules, <strong>${c.gameTitle}</strong> ${where(c)}: a move
      there would not be allowed, or would turn out differently, now.
    </p>
    <p>Nothing in the game was changed.</p>
    ${
      c.rollbackUrl
        ? html`<p>
            As its host, you can <a href="${c.rollbackUrl}">roll the game back to just before that move</a>, and the players go on from there under the
            corrected rules.
          </p>`
        : html`<p>It cannot be rolled back to before that point; <a href="${c.gameUrl}">see the game</a>.</p>`
    }`,
});
