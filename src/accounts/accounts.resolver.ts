/** The account API: signing up and in, sessions, passwords, address, name and deletion. */
import { Args, Context, Field, ID, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { RequestContext, requireIdentity, requireUser } from '../graphql/context';
import { AuthPayloadModel, MeModel } from '../graphql/models';
import { Sessions } from '../auth/sessions';
import { AppError } from '../common/errors';
import { Accounts } from './accounts.service';

const TIME_ZONE_GUESS =
  "The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), which mail writes times in. A name the server does not know is left out, never refused.";

@ObjectType('Registration')
class RegistrationModel {
  @Field({ description: 'True when the account waits for its address to be verified: a link was mailed to it (to every address, taken or not).' })
  checkYourMail!: boolean;
  @Field(() => String, { nullable: true, description: 'Set when the account exists at once (servers with EMAIL_VERIFICATION=off).' })
  token!: string | null;
  @Field(() => MeModel, { nullable: true })
  user!: MeModel | null;
}

@ObjectType('Session')
class SessionModel {
  @Field(() => ID) id!: string;
  @Field() createdAt!: Date;
  @Field({ description: 'Within a few minutes.' }) lastUsedAt!: Date;
  @Field(() => String, { nullable: true, description: 'The browser or program that logged in.' }) userAgent!: string | null;
  @Field({ description: 'The session of this request.' }) current!: boolean;
}

@Resolver()
export class AccountsResolver {
  constructor(
    private readonly accounts: Accounts,
    private readonly openSessions: Sessions,
  ) {}

  @Mutation(() => RegistrationModel, {
    description:
      'Signs up. The same answer whether or not the address has an account: a link to verify it is mailed (its owner is told instead, if it has one).',
  })
  async register(
    @Args('email') email: string,
    @Args('password') password: string,
    @Args('displayName') displayName: string,
    @Args('timeZone', { type: () => String, nullable: true, description: TIME_ZONE_GUESS }) timeZone: string | null,
    @Context() context: RequestContext,
  ) {
    const { signedIn } = await this.accounts.register(email, password, displayName, timeZone ?? null, context);
    return { checkYourMail: signedIn === null, token: signedIn?.token ?? null, user: signedIn?.user ?? null };
  }

  @Mutation(() => AuthPayloadModel, {
    description: 'Opens a link from a verification mail (valid 24 hours, once): the account exists, or has its new address, and is signed in.',
  })
  verifyEmail(@Args('token') token: string, @Context() context: RequestContext) {
    return this.accounts.verifyEmail(token, context);
  }

  @Mutation(() => Boolean, { description: 'Mails the verification link of a sign-up or address change again. Always true.' })
  async resendVerification(@Args('email') email: string) {
    await this.accounts.resendVerification(email);
    return true;
  }

  @Mutation(() => AuthPayloadModel)
  login(
    @Args('email') email: string,
    @Args('password') password: string,
    @Args('timeZone', {
      type: () => String,
      nullable: true,
      description: `${TIME_ZONE_GUESS} Kept only by an account that has none yet (UTC until then): never over one the player chose.`,
    })
    timeZone: string | null,
    @Context() context: RequestContext,
  ) {
    return this.accounts.login(email, password, timeZone ?? null, context);
  }

  @Mutation(() => Boolean, { description: 'Ends this session.' })
  async logout(@Context() context: RequestContext) {
    await this.openSessions.end([requireIdentity(context).sessionId]);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Ends every session of the account, this one too.' })
  async logoutEverywhere(@Context() context: RequestContext) {
    await this.openSessions.endAllOf(requireUser(context), null);
    return true;
  }

  @Query(() => [SessionModel], { description: "The account's open sessions, most recently used first." })
  async sessions(@Context() context: RequestContext) {
    const { userId, sessionId } = requireIdentity(context);
    return (await this.openSessions.list(userId)).map((session) => ({ ...session, current: session.id === sessionId }));
  }

  @Mutation(() => Boolean, {
    description: 'Mails a link to set a new password (valid one hour, once), or, to an address without an account, that none uses it. Always true.',
  })
  async requestPasswordReset(@Args('email') email: string) {
    await this.accounts.requestPasswordReset(email);
    return true;
  }

  @Mutation(() => AuthPayloadModel, { description: 'Sets a new password from a reset link; every session ends, and a new one starts.' })
  resetPassword(@Args('token') token: string, @Args('newPassword') newPassword: string, @Context() context: RequestContext) {
    return this.accounts.resetPassword(token, newPassword, context);
  }

  @Mutation(() => Boolean, { description: 'Every other session ends.' })
  async changePassword(@Args('currentPassword') currentPassword: string, @Args('newPassword') newPassword: string, @Context() context: RequestContext) {
    await this.accounts.changePassword(currentPassword, newPassword, context, requireIdentity(context));
    return true;
  }

  @Mutation(() => MeModel, {
    description: 'Mails a link to the new address; the address changes when it is opened (`me.pendingEmail` until then). The old address is told.',
  })
  async changeEmail(@Args('password') password: string, @Args('newEmail') newEmail: string, @Context() context: RequestContext) {
    const { userId } = requireIdentity(context);
    await this.accounts.changeEmail(password, newEmail, context, requireIdentity(context));
    return this.meOf(userId);
  }

  @Mutation(() => MeModel, { description: 'Changes what is given of the name and the time zone; the rest stays. A refusal changes neither.' })
  async updateProfile(
    @Args('displayName', { type: () => String, nullable: true }) displayName: string | null,
    @Args('timeZone', { type: () => String, nullable: true, description: 'An IANA time zone, such as "Europe/Paris": mail writes times in it.' })
    timeZone: string | null,
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    await this.accounts.updateProfile(userId, { displayName, timeZone });
    return this.meOf(userId);
  }

  @Mutation(() => Boolean, { description: 'Erases the account\'s email, name and password; its seats show "Deleted player" and its games play on.' })
  async deleteAccount(@Args('password') password: string, @Context() context: RequestContext) {
    await this.accounts.deleteAccount(password, context, requireIdentity(context));
    return true;
  }

  @Query(() => MeModel, { description: 'The logged-in user.' })
  me(@Context() context: RequestContext) {
    return this.meOf(requireUser(context));
  }

  private async meOf(userId: string) {
    const user = await this.accounts.me(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
    return user;
  }
}
