/**
 * `/dev/mail?key=…`: what the in-process mail catcher received (only when it
 * runs, i.e. without SMTP_URL), to whoever has its key (mail-catcher.ts).
 */
import { Controller, ForbiddenException, Get, NotFoundException, Inject, Param, Query, Res } from '@nestjs/common';
import { MailCatcher } from '../notifications/mail-catcher';
import { mailListPage, mailPage } from '../notifications/templates/pages';

/** The one thing done to the HTTP response here (Express's own types are not installed). */
interface Response {
  setHeader(name: string, value: string): unknown;
}

/**
 * A page, as HTML: said only once it is one, since a refusal is answered in
 * JSON by Nest (set before, the header would misname that answer too).
 */
function page(response: Response, html: string): string {
  response.setHeader('content-type', 'text/html; charset=utf-8');
  return html;
}

@Controller('dev/mail')
export class DevMailController {
  constructor(
    // Null unless mail goes to the in-process catcher (notifications.module.ts).
    @Inject(MailCatcher) private readonly catcher: MailCatcher | null,
  ) {}

  @Get()
  list(@Query('key') key: unknown, @Res({ passthrough: true }) response: Response): string {
    const catcher = this.openedCatcher(key);
    return page(response, mailListPage(catcher.list(), catcher.pageKey));
  }

  @Get(':id')
  show(@Param('id') id: string, @Query('key') key: unknown, @Res({ passthrough: true }) response: Response): string {
    const catcher = this.openedCatcher(key);
    const mail = catcher.find(Number(id));
    if (!mail) throw new NotFoundException('No such mail.');
    return page(response, mailPage(mail, catcher.pageKey));
  }

  private openedCatcher(key: unknown): MailCatcher {
    if (!this.catcher) throw new NotFoundException('The mail catcher runs only when SMTP_URL is not set.');
    if (!this.catcher.opens(key))
      throw new ForbiddenException("Open the caught mail from the address the server printed in its log when it started: it carries the catcher's key.");
    return this.catcher;
  }
}
