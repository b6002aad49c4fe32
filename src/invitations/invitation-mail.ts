/**
 * What invitations contribute to mail (notifications/mail-parts.ts): when
 * an invitation's mail, written with the invitation (invitations.ts,
 * seat-offers.ts), is no longer true and so is not sent.
 */
import type { MailPart } from '../notifications/mail-parts';
import { gameInPhase, gamesInPhase, seatedIn } from '../play/play-sql';

/**
 * SQL: the invitation `n` is taken up or out of date. An offer of a seat
 * (seat-offers.ts, its mail names its invitation): taken, declined,
 * withdrawn or replaced, or the game is no longer being played. Any other:
 * the invitee has a seat, the game is no longer waiting for players, or
 * they declined it.
 */
function invitationOver(n: string): string {
  return `CASE WHEN ${n}.details ? 'invitationId' THEN ${seatOfferOver(n)} ELSE ${lobbyInvitationOver(n)} END`;
}

function seatOfferOver(n: string): string {
  return `NOT EXISTS (SELECT 1 FROM invitations i JOIN ${gamesInPhase('ACTIVE')} g ON g.id = i.game_id
    WHERE i.id = (${n}.details->>'invitationId')::uuid AND i.seated_at IS NULL AND i.declined_at IS NULL AND i.withdrawn_at IS NULL)`;
}

function lobbyInvitationOver(n: string): string {
  return `(
    NOT ${gameInPhase(`${n}.game_id`, 'LOBBY')}
    OR ${seatedIn(`${n}.game_id`, `${n}.user_id`)}
    OR (EXISTS (SELECT 1 FROM invitations i JOIN users u ON u.id = ${n}.user_id WHERE i.game_id = ${n}.game_id AND (i.invitee_id = u.id OR i.email = u.email))
        AND NOT EXISTS (SELECT 1 FROM invitations i JOIN users u ON u.id = ${n}.user_id
                        WHERE i.game_id = ${n}.game_id AND (i.invitee_id = u.id OR i.email = u.email) AND i.seated_at IS NULL AND i.declined_at IS NULL)))`;
}

export const INVITATIONS_IN_MAIL: MailPart = { superseded: { kind: 'INVITATION', when: invitationOver } };
