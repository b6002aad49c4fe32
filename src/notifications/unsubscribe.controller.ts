/**
 * The unsubscribe link of every mail, usable without logging in (the link
 * is signed). GET shows a confirmation with a button, so a mail scanner
 * opening the link changes nothing; POST (the button, or a mail client's
 * RFC 8058 one-click request) turns the mail off.
 */
import { Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import { CHOOSABLE_KINDS, Deliveries, NotificationPreferences } from './preferences';
import { badUnsubscribeLinkPage, unsubscribeConfirmPage, unsubscribedPage } from './templates/pages';
import { UNSUBSCRIBE_PATH, UNSUBSCRIBE_WHAT, UnsubscribeLinks, UnsubscribeRequest } from './unsubscribe-links';

/** The one thing done to the HTTP response here (Express's own types are not installed). */
interface StatusSetter {
  status(code: number): unknown;
}

@Controller(UNSUBSCRIBE_PATH)
export class UnsubscribeController {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly preferences: NotificationPreferences,
  ) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  confirm(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: StatusSetter): string {
    const wanted = this.links.verify(query);
    if (!wanted) return this.refuse(response);
    return unsubscribeConfirmPage(UNSUBSCRIBE_WHAT[wanted.scope], this.links.url(wanted));
  }

  @Post()
  @HttpCode(200)
  @Header('content-type', 'text/html; charset=utf-8')
  async unsubscribe(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) response: StatusSetter): Promise<string> {
    const wanted = this.links.verify(query);
    if (!wanted) return this.refuse(response);
    await this.preferences.update(wanted.userId, this.turnedOff(wanted));
    return unsubscribedPage(UNSUBSCRIBE_WHAT[wanted.scope]);
  }

  private turnedOff({ scope }: UnsubscribeRequest): Partial<Deliveries> {
    const kinds = scope === 'ALL' ? CHOOSABLE_KINDS : [scope];
    return Object.fromEntries(kinds.map((kind) => [kind, 'OFF']));
  }

  private refuse(response: StatusSetter): string {
    response.status(400);
    return badUnsubscribeLinkPage();
  }
}
