import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthService } from '../auth/auth.service';
import { AppError } from '../common/errors';
import { RequestContext, requireUser } from './context';
import { AuthPayloadModel, MeModel } from './models';

@Resolver()
export class AuthResolver {
  constructor(private readonly auth: AuthService) {}

  @Mutation(() => AuthPayloadModel, { description: 'Creates an account and logs in.' })
  register(@Args('email') email: string, @Args('password') password: string, @Args('displayName') displayName: string) {
    return this.auth.register(email, password, displayName);
  }

  @Mutation(() => AuthPayloadModel)
  login(@Args('email') email: string, @Args('password') password: string) {
    return this.auth.login(email, password);
  }

  @Query(() => MeModel, { description: 'The logged-in user.' })
  async me(@Context() context: RequestContext) {
    const user = await this.auth.findUser(requireUser(context));
    if (!user) throw new AppError('UNAUTHENTICATED', 'Your account no longer exists.');
    return user;
  }
}
