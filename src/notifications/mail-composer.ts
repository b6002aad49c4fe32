/**
 * Turns one notification into a mail: gathers what its template needs from
 * the game (as the recipient may see it) and wraps it in the layout with a
 * signed unsubscribe link. Runs at delivery time, outside any transaction.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { Notification, User } from '../generated/prisma/client';
import { GameService, LoadedGame } from '../play/game.service';
import { isPlatformEvent, MoveDeadlineSettings } from '../play/platform-events';
import { summarizeEvents } from './event-summary';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';
import type { ChoosableKind } from './preferences';
import {
  deadlinePassedMail,
  deadlineReminderMail,
  digestMail,
  gameFinishedMail,
  gameStartedMail,
  GameMailContext,
  invitationMail,
  layout,
  MailBody,
  RenderedMail,
  rollbackMail,
  yourTurnMail,
} from './templates';
import { UNSUBSCRIBE_WHAT, UnsubscribeLinks, UnsubscribeScope } from './unsubscribe-links';

export interface ComposedMail extends RenderedMail {
  to: { name: string; address: string };
  unsubscribeUrl: string;
}

/** A game mail's own data, as the recipient may see it. */
interface GameMail {
  notification: Notification;
  game: LoadedGame;
  context: GameMailContext;
  names: Map<string, string>;
}

@Injectable()
export class MailComposer {
  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly links: UnsubscribeLinks,
    @Inject(NOTIFICATIONS_OPTIONS) private readonly options: NotificationsOptions,
  ) {}

  async compose(notification: Notification): Promise<ComposedMail> {
    const recipient = await this.prisma.user.findUniqueOrThrow({ where: { id: notification.userId } });
    const body = notification.kind === 'DIGEST' ? await this.digestBody(notification) : await this.gameBody(notification);
    const scope: UnsubscribeScope = notification.kind === 'DIGEST' ? 'ALL' : (notification.kind as ChoosableKind);
    const unsubscribeUrl = this.links.url({ userId: recipient.id, scope });
    const rendered = layout(body, { recipientName: recipient.displayName, unsubscribeWhat: UNSUBSCRIBE_WHAT[scope], unsubscribeUrl });
    return { ...rendered, to: { name: recipient.displayName, address: recipient.email }, unsubscribeUrl };
  }

  private async digestBody(digest: Notification): Promise<MailBody> {
    const included = await this.prisma.notification.findMany({ where: { digestId: digest.id }, orderBy: { createdAt: 'asc' } });
    const items = await Promise.all(
      included.map(async (notification) => ({ subject: (await this.gameBody(notification)).subject, url: this.gameUrl(notification.gameId!) })),
    );
    return digestMail({ items });
  }

  private async gameBody(notification: Notification): Promise<MailBody> {
    const mail = await this.gameMail(notification);
    switch (notification.kind) {
      case 'YOUR_TURN':
        return this.yourTurn(mail);
      case 'INVITATION':
        return invitationMail({ ...mail.context, hostName: mail.names.get(mail.game.row.hostId)! });
      case 'GAME_STARTED':
        return gameStartedMail({ ...mail.context, players: this.players(mail) });
      case 'GAME_FINISHED':
        return this.gameFinished(mail);
      case 'ROLLBACK':
        return rollbackMail({ ...mail.context, hostName: mail.names.get(mail.game.row.hostId)!, ...(notification.details as { toVersion: number; reason: string }) });
      case 'DEADLINE_REMINDER':
        return deadlineReminderMail({ ...mail.context, deadline: new Date((notification.details as { deadline: string }).deadline) });
      case 'DEADLINE_PASSED':
        return this.deadlinePassed(mail);
      case 'DIGEST':
        throw new Error('a digest is not about one game');
    }
  }

  private async gameMail(notification: Notification): Promise<GameMail> {
    const game = await this.play.load(notification.gameId!);
    const names = await this.namesOf([game.row.hostId, ...game.state.seats.filter((id): id is string => id !== null)]);
    const context: GameMailContext = {
      gameTitle: `${names.get(game.row.hostId)}'s ${game.ruleset.name} game`,
      rulesetName: game.ruleset.name,
      gameUrl: this.gameUrl(game.row.id),
    };
    return { notification, game, context, names };
  }

  private async yourTurn({ notification, game, context }: GameMail): Promise<MailBody> {
    const { seat, deadline } = notification.details as { seat: number; deadline?: string };
    const lastOwnMove = await this.prisma.gameEvent.findFirst({
      where: { gameId: game.row.id, actorUserId: notification.userId, seq: { lte: notification.gameVersion }, NOT: { type: { startsWith: 'game.' } } },
      orderBy: { seq: 'desc' },
      select: { seq: true },
    });
    const after = lastOwnMove?.seq ?? 0;
    const entries = (await this.play.history(game, seat, after, notification.gameVersion - after)).filter((entry) => !entry.rolledBack);
    const actorNames = await this.namesOf(entries.flatMap((entry) => (entry.actorUserId ? [entry.actorUserId] : [])));
    const events = entries.map((entry) => ({ ...entry, actorName: entry.actorUserId ? (actorNames.get(entry.actorUserId) ?? null) : null }));
    const movedBy = [...new Set(events.filter((e) => !isPlatformEvent(e.type) && e.actorUserId && e.actorUserId !== notification.userId).map((e) => e.actorName!))];
    return yourTurnMail({ ...context, movedBy, summary: summarizeEvents(events), deadline: deadline ? new Date(deadline) : null });
  }

  private gameFinished(mail: GameMail): MailBody {
    const result = (mail.game.row.result ?? {}) as { scores?: number[] | null; winners?: number[]; detail?: { endedByHost?: string } | null };
    const standings = mail.game.state.seats.map((userId, seat) => ({
      name: mail.names.get(userId!) ?? `Seat ${seat}`,
      score: result.scores?.[seat] ?? null,
      winner: result.winners?.includes(seat) ?? false,
    }));
    return gameFinishedMail({ ...mail.context, standings, endedByHost: result.detail?.endedByHost ?? null });
  }

  private deadlinePassed(mail: GameMail): MailBody {
    const { lateUserId, onExpiry } = mail.notification.details as { lateUserId: string; onExpiry: MoveDeadlineSettings['onExpiry'] };
    return deadlinePassedMail({ ...mail.context, latePlayer: mail.names.get(lateUserId)!, recipientIsLate: lateUserId === mail.notification.userId, onExpiry });
  }

  private players(mail: GameMail): string[] {
    return mail.game.state.seats.map((userId, seat) => mail.names.get(userId!) ?? `Seat ${seat}`);
  }

  private async namesOf(userIds: string[]): Promise<Map<string, string>> {
    const users: Pick<User, 'id' | 'displayName'>[] = await this.prisma.user.findMany({ where: { id: { in: [...new Set(userIds)] } }, select: { id: true, displayName: true } });
    return new Map(users.map((user) => [user.id, user.displayName]));
  }

  private gameUrl(gameId: string): string {
    return `${this.options.mail.publicUrl}/games/${gameId}`;
  }
}
