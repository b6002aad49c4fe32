/**
 * Events in words, one sentence each, for the history (API and web page) and
 * "your turn" mail. The ruleset words its own events (`Ruleset.describe`);
 * the server's events are worded here. Input is already redacted for the
 * reader, so nothing hidden can reach the text.
 */
import type { BotLevel } from '../rules/bots';
import type { AnyRuleset } from '../rules/contract';
import { capitalized } from '../rules/text';
import { Moment, positionAfter, possessive } from './moments';
import {
  BotMoved,
  BotMovedPayload,
  DeadlineExtended,
  DeadlinePassed,
  EndAnswered,
  EndedByAgreement,
  EndedByHost,
  EndProposed,
  GameCreated,
  GameRolledBack,
  GameStarted,
  InvitationDeclined,
  isPlatformEvent,
  MoveUndone,
  PlayerInvited,
  PlayerRemoved,
  PlayerResigned,
  ProposalLapsed,
  ProposalWithdrawn,
  SeatGivenUp,
  SeatOffered,
  SeatOfferWithdrawn,
  SeatReassigned,
  TableExpired,
  SeatTaken,
  SeedRevealed,
  TakebackAnswered,
  TakebackRequested,
  TakenBack,
  TurnSkipped,
} from './platform-events';

export interface WordedEvent {
  type: string;
  payload: Record<string, unknown>;
  /** Who wrote the event; null for the server (a deadline passing). */
  actorName: string | null;
  /** For an undo or a rollback, where it took the game back to, when the reader counted it (see moments.ts). */
  target?: Moment | null;
}

/** A seat's player by name (see seatLabel for a seat nobody holds). */
export type SeatName = (seat: number) => string;

/** A seat nobody holds, counted from 1 as players count. */
export function seatLabel(seat: number): string {
  return `Seat ${seat + 1}`;
}

/** A bot as the history credits it: "Bot (greedy)". */
export function botName(level: BotLevel): string {
  return `Bot (${level.toLowerCase()})`;
}

/** Events of the lobby: before the game starts, nobody waits on them. */
export const LOBBY_EVENT_TYPES: ReadonlySet<string> = new Set([GameCreated, SeatTaken, SeatGivenUp, PlayerInvited, InvitationDeclined]);

function quoted(reason: unknown): string {
  return typeof reason === 'string' && reason.length > 0 ? `: “${reason}”` : '';
}

function platformText(event: WordedEvent, seatName: SeatName): string {
  const who = event.actorName ?? 'The server';
  const { payload } = event;
  switch (event.type) {
    case GameCreated:
      return `${who} created the game for ${payload.seats} players.`;
    case SeatTaken:
      return `${who} took seat ${(payload.seat as number) + 1}.`;
    case SeatGivenUp:
      return `${who} left seat ${(payload.seat as number) + 1} before the game began.`;
    case PlayerInvited:
      return `${who} invited a player.`;
    case InvitationDeclined:
      // Whoever was invited, by name where the reader may know it.
      return event.actorName === null ? 'An invited player declined the invitation.' : `${who} declined the invitation.`;
    case GameStarted:
      return `${who} started the game.`;
    case MoveUndone:
      return `${who} took back a step.`;
    case GameRolledBack:
      return `${who} rolled the game back to ${positionAfter(event.target)}${quoted(payload.reason)}.`;
    case DeadlinePassed:
      return `${seatName(payload.seat as number)} ran out of time.`;
    case DeadlineExtended:
      // Without an actor, the game's settings extended it as it passed (not some server of ours).
      return event.actorName === null
        ? `As the game's settings say, ${possessive(seatName(payload.seat as number))} move deadline was extended.`
        : `${who} extended the move deadline of ${seatName(payload.seat as number)}.`;
    case TurnSkipped:
      return payload.resigned
        ? `${seatName(payload.seat as number)} has left the game and was passed over.`
        : `${seatName(payload.seat as number)} was passed over for running out of time.`;
    case PlayerResigned:
      return `${seatName(payload.seat as number)} resigned.`;
    case PlayerRemoved:
      return `${who} removed ${seatName(payload.seat as number)} from the game after their deadline passed.`;
    case TakebackRequested:
      return `${who} asked everyone to agree to take moves back${quoted(payload.reason)}.`;
    case TakebackAnswered:
      return payload.accept ? `${who} agreed to the takeback.` : `${who} declined the takeback.`;
    case TakenBack:
      return 'Everyone agreed: the moves were taken back.';
    case EndProposed:
      return `${who} proposed to end the game as it stands.`;
    case EndAnswered:
      return payload.accept ? `${who} agreed to end the game.` : `${who} declined to end the game.`;
    case EndedByAgreement:
      return 'Everyone agreed to end the game as it stands.';
    case ProposalLapsed:
      return 'Not everyone answered within 48 hours: the request lapsed.';
    case ProposalWithdrawn:
      return `${who} withdrew their request.`;
    case EndedByHost:
      // Since deadline outcomes name the seat: the game's settings ended it (no actor), or the host chose to.
      if (typeof payload.seat === 'number') {
        const late = possessive(seatName(payload.seat));
        return event.actorName === null
          ? `${capitalized(late)} move deadline passed, and the game's settings end the game then.`
          : `${who} ended the game when ${late} move deadline passed.`;
      }
      return `${who} ended the game${quoted(payload.reason)}.`;
    case BotMoved: {
      const { seat, level } = payload as unknown as BotMovedPayload;
      const bot = botName(level);
      return seatName(seat) === bot ? `${bot} moves.` : `${bot} moves for ${seatName(seat)}.`;
    }
    case SeatOffered:
      return `${who} offered seat ${(payload.seat as number) + 1} to someone else to take over.`;
    case SeatOfferWithdrawn:
      return `${who} withdrew the offer of seat ${(payload.seat as number) + 1}.`;
    case SeatReassigned:
      return `${who} took over seat ${(payload.seat as number) + 1} and plays it from here.`;
    case TableExpired:
      return `Nobody started the game within ${payload.afterDays as number} days of its opening, so it was closed.`;
    case SeedRevealed:
      return 'The game is over: its secret shuffle seed is revealed, so anyone can check every shuffle and roll.';
    default:
      throw new Error(`no words for the server's event ${event.type}`);
  }
}

/** The event in one sentence; null for a ruleset's bookkeeping that no reader needs. */
export function eventText(ruleset: AnyRuleset, event: WordedEvent, seatName: SeatName): string | null {
  if (isPlatformEvent(event.type)) return platformText(event, seatName);
  return ruleset.describe({ ...event.payload, type: event.type }, seatName);
}
