/** `/dev/mail`: what the in-process mail catcher received (only when it runs, i.e. without SMTP_URL). */
import { Controller, Get, Header, NotFoundException, Optional, Param } from '@nestjs/common';
import { MailCatcher } from '../notifications/mail-catcher';
import { mailListPage, mailPage } from '../notifications/templates/pages';

@Controller('dev/mail')
export class DevMailController {
  constructor(@Optional() private readonly catcher?: MailCatcher) {}

  @Get()
  @Header('content-type', 'text/html; charset=utf-8')
  list(): string {
    return mailListPage(this.requireCatcher().list());
  }

  @Get(':id')
  @Header('content-type', 'text/html; charset=utf-8')
  show(@Param('id') id: string): string {
    const mail = this.requireCatcher().find(Number(id));
    if (!mail) throw new NotFoundException('No such mail.');
    return mailPage(mail);
  }

  private requireCatcher(): MailCatcher {
    if (!this.catcher) throw new NotFoundException('The mail catcher runs only when SMTP_URL is not set.');
    return this.catcher;
  }
}
