import { DynamicModule, Global, Module } from '@nestjs/common';
import { Invitations } from '../invitations/invitations';
import { Rematches } from '../invitations/rematches';
import { AccountTokens } from './account-tokens';
import { Accounts, EMAIL_VERIFICATION } from './accounts.service';

/** Accounts and invitations; `emailVerification: false` (EMAIL_VERIFICATION=off) creates accounts at once. */
@Global()
@Module({})
export class AccountsModule {
  static forRoot(emailVerification: boolean): DynamicModule {
    return {
      module: AccountsModule,
      providers: [{ provide: EMAIL_VERIFICATION, useValue: emailVerification }, AccountTokens, Accounts, Invitations, Rematches],
      exports: [Accounts, Invitations, Rematches],
    };
  }
}
