/**
 * Turns one notification into a mail: gathers what its template needs from
 * the game (as the recipient may see it) and wraps it in the layout with a
 * signed unsubscribe link. Runs at delivery time, outside any transaction.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RulesetRegistry } from '../play/ruleset-registry';
import { historyEntries } from '../play/history';
import { momentsOf, positionAfter } from '../play/moments';
import { seatLabel } from '../play/event-text';
import { GameStarted, isPlatformEvent, MoveDeadlineSettings } from '../play/platform-events';
import { defaultGameName } from '../play/platform/lobby';
import { summarizeEvents } from './event-summary';
import type { ToldNotification } from './mail-parts';
import { GameFacts, MailFacts, NotificationFacts, PendingNotification } from './mail-facts';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';
import type { RulesCheckFailedDetails } from './outbox';
import type { ChoosableKind } from './preferences';
import { accountLinkToken } from '../auth/account-links';
import {
  agreementRequestMail,
  deadlinePassedMail,
  emailChangeRequestedMail,
  groupInvitationMail,
  invitationToSignUpMail,
  passwordResetMail,
  passwordResetWithoutAccountMail,
  signUpAttemptMail,
  verifyEmailMail,
  deadlineReminderMail,
  digestMail,
  gameFinishedMail,
  gameStartedMail,
  tableExpiredMail,
  seatOfferDeclinedMail,
  GameMailContext,
  invitationMail,
  seatOfferMail,
  layout,
  newMessagesMail,
  MailBody,
  RenderedMail,
  rollbackMail,
  rulesCheckFailedMail,
  webhookSwitchedOffMail,
  yourTurnMail,
} from './templates';
import type { ScoreCategory } from '../rules/contract';
import type { ChatSummary } from './templates/chat-summary';
import type { EarlyEnd } from './templates/game-finished';
import { UNSUBSCRIBE_WHAT, UnsubscribeLinks, UnsubscribeScope } from './unsubscribe-links';

export interface ComposedMail extends RenderedMail {
  to: { name: string; address: string };
  /** Absent for mail about an account, which its reader asked for. */
  unsubscribeUrl?: string;
}

/** A game mail's own data. */
interface GameMail {
  notification: NotificationFacts;
  game: GameFacts;
  context: GameMailContext;
}

/** The unread chat a mail tells of, if any. */
function chatSummary({ chat }: NotificationFacts): ChatSummary | null {
  return chat && chat.count > 0 ? chat : null;
}

@Injectable()
export class MailComposer {
  constructor(
    private readonly facts: MailFacts,
    @Inject(RulesetRegistry) private readonly rulesets: RulesetRegistry,
    private readonly links: UnsubscribeLinks,
    @Inject(NOTIFICATIONS_OPTIONS) private readonly options: NotificationsOptions,
  ) {}

  async compose(notification: PendingNotification): Promise<ComposedMail> {
    const { recipient } = notification;
    const to = { name: recipient.displayName ?? '', address: recipient.email! };
    const accountBody = this.accountBody(notification);
    const settingsUrl = this.pageUrl('/settings');
    if (accountBody) return { ...layout(accountBody, { recipientName: recipient.displayName, settingsUrl }), to };
    const { timeZone } = recipient;
    const body = notification.kind === 'DIGEST' ? await this.digestBody(notification, timeZone) : this.gameBody(notification, timeZone);
    const scope: UnsubscribeScope = notification.kind === 'DIGEST' ? 'ALL' : (notification.kind as ChoosableKind);
    const unsubscribeUrl = this.links.url({ userId: notification.userId!, scope });
    const unsubscribe = { what: UNSUBSCRIBE_WHAT[scope], url: unsubscribeUrl };
    return { ...layout(body, { recipientName: recipient.displayName, settingsUrl, unsubscribe }), to, unsubscribeUrl };
  }

  /** A mail about a game in a few words (its subject and first paragraph) with the game's link: what another channel shows of it. */
  told(notification: PendingNotification): ToldNotification {
    const { subject, text } = this.gameBody(notification, notification.recipient.timeZone);
    return {
      id: notification.id,
      userId: notification.userId!,
      kind: notification.kind,
      gameId: notification.gameId!,
      gameVersion: notification.gameVersion,
      details: notification.details,
      headline: subject,
      // Its first paragraph; for new messages, the lines too (the next mail starts after them).
      summary: text
        .split('\n\n')
        .slice(0, notification.kind === 'NEW_MESSAGES' ? 2 : 1)
        .join('\n'),
      // As the turn mail: the game opens on what happened since the player's last move.
      url: notification.kind === 'YOUR_TURN' ? this.sinceLastMoveUrl(notification.gameId!) : this.gameUrl(notification.gameId!),
    };
  }

  /** The body of a mail about an account or an invitation to sign up; null for any other kind. */
  private accountBody(notification: PendingNotification): MailBody | null {
    const details = notification.details as { tokenId?: string; newEmail?: string };
    const link = (path: string) => this.pageUrl(`${path}?token=${encodeURIComponent(accountLinkToken(this.options.linkSecret, details.tokenId!))}`);
    switch (notification.kind) {
      case 'VERIFY_EMAIL':
        return verifyEmailMail({ link: link('/verify-email'), forAccountChange: notification.userId !== null });
      case 'PASSWORD_RESET':
        return passwordResetMail({ link: link('/reset-password') });
      case 'PASSWORD_RESET_NO_ACCOUNT':
        return passwordResetWithoutAccountMail({
          signUpUrl: this.pageUrl(`/sign-up?email=${encodeURIComponent(notification.recipient.email!)}`),
          resetUrl: this.pageUrl('/forgot-password'),
        });
      case 'SIGN_UP_ATTEMPT':
        return signUpAttemptMail({ loginUrl: this.pageUrl('/'), resetUrl: this.pageUrl('/forgot-password') });
      case 'EMAIL_CHANGE_REQUESTED':
        return emailChangeRequestedMail({ newEmail: details.newEmail!, accountUrl: this.pageUrl('/account') });
      case 'INVITATION_TO_SIGN_UP': {
        const { context, game } = this.gameMail(notification, notification.recipient.timeZone);
        const signUpUrl = this.pageUrl(`/sign-up?email=${encodeURIComponent(notification.recipient.email!)}&game=${game.id}`);
        const offered = seatOffered(notification);
        if (offered !== null) return seatOfferMail({ ...context, playerName: this.players(game)[offered], takeOverUrl: signUpUrl, signUp: true });
        return invitationToSignUpMail({ hostName: game.hostName, rulesetName: context.rulesetName, gameTitle: context.gameTitle, signUpUrl });
      }
      case 'RULES_CHECK_FAILED': {
        const { context, game } = this.gameMail(notification, notification.recipient.timeZone);
        const { firstBadSeq, rollbackTo } = notification.details as unknown as RulesCheckFailedDetails;
        const rollbackUrl = rollbackTo === null ? null : `${this.gameUrl(game.id)}?rollbackTo=${rollbackTo}`;
        // The first bad event, as the history counts moves (never its internal number).
        const moment = firstBadSeq === null ? undefined : momentsOf(this.rulesets.get(game.ruleset), notification.rollbackCounted ?? []).get(firstBadSeq);
        const firstBadMove = firstBadSeq === null ? null : moment ? positionAfter(moment) : 'one of its moves';
        return rulesCheckFailedMail({ ...context, firstBadMove, rollbackUrl });
      }
      case 'SEAT_OFFER_DECLINED': {
        const { context } = this.gameMail(notification, notification.recipient.timeZone);
        return seatOfferDeclinedMail({ ...context, seatNumber: (notification.details as { seat: number }).seat + 1 });
      }
      case 'GROUP_INVITATION': {
        const invited = notification.details as { inviterName: string; groupName: string; code: string };
        return groupInvitationMail({ ...invited, joinUrl: this.pageUrl(`/groups/join/${encodeURIComponent(invited.code)}`) });
      }
      case 'WEBHOOK_SWITCHED_OFF': {
        const game = notification.gameId ? this.gameMail(notification, notification.recipient.timeZone).context : null;
        return webhookSwitchedOffMail({ game, host: (notification.details as { host: string }).host, settingsUrl: this.pageUrl('/settings') });
      }
      default:
        return null;
    }
  }

  /** `timeZone`: the digest's reader's, as each item's subject says its times in it. */
  private async digestBody(digest: NotificationFacts, timeZone: string): Promise<MailBody> {
    const included = await this.facts.digestItems(digest.id);
    return digestMail({
      items: included.map((notification) => ({ subject: this.gameBody(notification, timeZone).subject, url: this.gameUrl(notification.gameId!) })),
    });
  }

  private gameBody(notification: NotificationFacts, timeZone: string): MailBody {
    const mail = this.gameMail(notification, timeZone);
    const { game, context } = mail;
    switch (notification.kind) {
      case 'YOUR_TURN':
        return this.yourTurn(mail);
      case 'INVITATION': {
        const offered = seatOffered(notification);
        if (offered !== null) return seatOfferMail({ ...context, playerName: this.players(game)[offered], takeOverUrl: context.gameUrl, signUp: false });
        return invitationMail({ ...context, hostName: game.hostName });
      }
      case 'GAME_STARTED':
        return gameStartedMail({ ...context, players: this.players(game) });
      case 'TABLE_EXPIRED':
        return tableExpiredMail({ ...context, afterDays: (notification.details as { afterDays: number }).afterDays, lobbyUrl: this.pageUrl('/') });
      case 'GAME_FINISHED':
        return this.gameFinished(mail);
      case 'ROLLBACK':
        return this.rollback(mail);
      case 'DEADLINE_REMINDER':
        return deadlineReminderMail({ ...context, deadline: new Date((notification.details as { deadline: string }).deadline) });
      case 'DEADLINE_PASSED':
        return this.deadlinePassed(mail);
      case 'NEW_MESSAGES':
        return newMessagesMail({ ...context, chat: chatSummary(notification) });
      case 'AGREEMENT_REQUEST':
        return this.agreementRequest(mail);
      default:
        throw new Error(`a ${notification.kind} notification is not about one game`);
    }
  }

  private gameMail(notification: NotificationFacts, timeZone: string): GameMail {
    const { game } = notification;
    if (!game) throw new Error(`notification ${notification.id} is about a game that does not exist`);
    const rulesetName = this.rulesets.get(game.ruleset).name;
    // The game's name, as the page shows it (a game from before names has none: named after its host, as the page does).
    const gameTitle = game.name ?? defaultGameName(game.hostName, rulesetName);
    const context: GameMailContext = { gameTitle, rulesetName, gameUrl: this.gameUrl(game.id), timeZone };
    return { notification, game, context };
  }

  private yourTurn({ notification, game, context }: GameMail): MailBody {
    const { seat } = notification.details as { seat: number };
    const { events, jumps } = notification.turn!;
    // historyEntries keeps the events' order, one entry each.
    const ruleset = this.rulesets.get(game.ruleset);
    const seen = historyEntries(ruleset, events, jumps, game.version, seat)
      .map((entry, i) => ({ ...entry, actorName: events[i].actorName }))
      .filter((entry) => !entry.setAside);
    const movedBy = [
      ...new Set(seen.filter((e) => !isPlatformEvent(e.type) && e.actorUserId && e.actorUserId !== notification.userId).map((e) => e.actorName!)),
    ];
    const names = this.players(game);
    const summary = summarizeEvents(ruleset, seen, (s) => names[s] ?? seatLabel(s));
    // The events run from the recipient's last own move, or from the game's creation when they have made none.
    const sinceStart = events.some((event) => event.type === GameStarted);
    return yourTurnMail({
      ...context,
      movedBy,
      summary,
      sinceStart,
      deadline: notification.turnDeadline,
      chat: chatSummary(notification),
      sinceUrl: this.sinceLastMoveUrl(game.id),
    });
  }

  private rollback({ notification, game, context }: GameMail): MailBody {
    const { toVersion, reason } = notification.details as { toVersion: number; reason: string };
    const target = momentsOf(this.rulesets.get(game.ruleset), notification.rollbackCounted ?? []).get(toVersion);
    return rollbackMail({ ...context, hostName: game.hostName, reason, position: positionAfter(target) });
  }

  private gameFinished({ notification, game, context }: GameMail): MailBody {
    const result = (game.result ?? {}) as {
      scores?: number[] | null;
      winners?: number[];
      detail?: { endedByHost?: string; endedByAgreement?: boolean; categories?: ScoreCategory[] } | null;
    };
    const categories = result.detail?.categories ?? [];
    const standings = this.players(game).map((name, seat) => ({
      name,
      score: result.scores?.[seat] ?? null,
      winner: result.winners?.includes(seat) ?? false,
      breakdown: categories.flatMap((line) => (line.points[seat] ? [{ label: line.label, points: line.points[seat] }] : [])),
    }));
    const atDeadline = notification.details as { deadlineSeat?: number; endedByHost?: boolean };
    const names = this.players(game);
    const earlyEnd: EarlyEnd | null =
      atDeadline.deadlineSeat !== undefined
        ? {
            by: 'deadline',
            latePlayer: names[atDeadline.deadlineSeat] ?? seatLabel(atDeadline.deadlineSeat),
            recipientIsLate: game.seats[atDeadline.deadlineSeat]?.userId === notification.userId,
            hostChose: atDeadline.endedByHost === true,
          }
        : result.detail?.endedByAgreement
          ? { by: 'agreement' }
          : result.detail?.endedByHost
            ? { by: 'host', reason: result.detail.endedByHost }
            : null;
    return gameFinishedMail({ ...context, standings, earlyEnd });
  }

  private deadlinePassed({ notification, game, context }: GameMail): MailBody {
    const { lateUserId, onExpiry, extendedTo, extendedByHost } = notification.details as {
      lateUserId: string;
      onExpiry: MoveDeadlineSettings['onExpiry'];
      extendedTo?: string;
      extendedByHost?: boolean;
    };
    const latePlayer = game.seats.find((player) => player?.userId === lateUserId)?.name ?? 'A player';
    return deadlinePassedMail({
      ...context,
      latePlayer,
      recipientIsLate: lateUserId === notification.userId,
      recipientIsHost: game.hostId === notification.userId,
      hostName: game.hostName,
      onExpiry,
      extendedTo: extendedTo ? new Date(extendedTo) : null,
      extendedByHost: extendedByHost === true,
    });
  }

  private agreementRequest({ notification, game, context }: GameMail): MailBody {
    const { request, seat, reason, expiresAt, toVersion } = notification.details as {
      request: 'takeback' | 'end';
      seat: number;
      reason?: string;
      expiresAt: string;
      toVersion?: number;
    };
    const askerName = this.players(game)[seat];
    // Where a takeback goes back to, as the rollback mail says it (a request planned before it was told says none).
    const target = toVersion === undefined ? undefined : momentsOf(this.rulesets.get(game.ruleset), notification.rollbackCounted ?? []).get(toVersion);
    const position = target ? positionAfter(target) : null;
    return agreementRequestMail({
      ...context,
      askerName,
      request: request === 'takeback' ? { kind: request, reason: reason ?? '', position } : { kind: request },
      expiresAt: new Date(expiresAt),
    });
  }

  private players(game: GameFacts): string[] {
    return game.seats.map((player, seat) => player?.name ?? seatLabel(seat));
  }

  private gameUrl(gameId: string): string {
    return this.pageUrl(`/games/${gameId}`);
  }

  /**
   * The game's page opened on the reader's last move, to step through what
   * happened since. The page finds that move in the history when it opens
   * (`since=me`), not the mail when it is sent: a mail read late, after the
   * reader moved again or a takeback, still opens on their last move.
   */
  private sinceLastMoveUrl(gameId: string): string {
    return `${this.gameUrl(gameId)}?since=me`;
  }

  private pageUrl(path: string): string {
    return `${this.options.mail.publicUrl}${path}`;
  }
}

/** The seat an invitation offers in a game being played (src/invitations/seat-offers.ts), or null for an invitation to a game waiting for players. */
function seatOffered(notification: NotificationFacts): number | null {
  const { seat } = notification.details as { seat?: unknown };
  return typeof seat === 'number' ? seat : null;
}
