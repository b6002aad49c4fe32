/**
 * `/dev/mail?key=…`: what the in-process mail catcher received (only when it
 * runs, i.e. without SMTP_URL), to whoever has its key (mail-catcher.ts).
 */
import { Controller, ForbiddenException, Get, Header, NotFoundException, Optional, Param, Query } from '@nestjs/common';
import { MailCatcher } from '../notifications/mail-catcher';
import { mailListPage, mailPage } from '../notifications/templates/pages';

@Controller('dev/mail')
export class DevMailController {
  constructor(@Optional() private readonly catcher?: MailCatcher) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  list(@Query('key') key: unknown): string {
    const catcher = this.openedCatcher(key);
    return mailListPage(catcher.list(), catcher.pageKey);
  }

  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  show(@Param('id') id: string, @Query('key') key: unknown): string {
    const catcher = this.openedCatcher(key);
    const mail = catcher.find(Number(id));
    if (!mail) throw new NotFoundException('No such mail.');
    return mailPage(mail, catcher.pageKey);
  }

  private openedCatcher(key: unknown): MailCatcher {
    if (!this.catcher) throw new NotFoundException('The mail catcher runs only when SMTP_URL is not set.');
    if (!this.catcher.opens(key)) throw new ForbiddenException("Open the caught mail from the address the server printed in its log when it started: it carries the catcher's key.");
    return this.catcher;
  }
}
