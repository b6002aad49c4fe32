/** Web push in the API: the server's public key, the caller's devices, a test push, and answers from a push's buttons. */
import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { PushAnswers } from './push-answers';
import { PushDeviceModel } from './push-models';
import { PushSubscriptions } from './push-subscriptions.service';

@Resolver(() => PushDeviceModel)
export class PushResolver {
  constructor(
    private readonly subscriptions: PushSubscriptions,
    private readonly answers: PushAnswers,
  ) {}

  @Query(() => String, { description: "The server's VAPID public key (base64url): a browser's PushManager.subscribe takes it as applicationServerKey." })
  pushPublicKey(): string {
    return this.subscriptions.publicKey;
  }

  @Query(() => [PushDeviceModel], { description: "The caller's devices with push on, oldest first." })
  pushSubscriptions(@Context() context: RequestContext): Promise<PushDeviceModel[]> {
    return this.subscriptions.list(requireUser(context));
  }

  @Mutation(() => PushDeviceModel, {
    description:
      'Turns push on for a browser, from its PushSubscription: the endpoint (https, on a public address) and its keys. The same browser again replaces its entry.',
  })
  addPushSubscription(
    @Args('endpoint') endpoint: string,
    @Args('p256dh') p256dh: string,
    @Args('auth') auth: string,
    @Args('label') label: string,
    @Context() context: RequestContext,
  ): Promise<PushDeviceModel> {
    return this.subscriptions.add(requireUser(context), { endpoint, p256dh, auth, label });
  }

  @Mutation(() => Boolean, { description: "Turns push off for one of the caller's devices." })
  async removePushSubscription(@Args('id', { type: () => ID }) id: string, @Context() context: RequestContext): Promise<boolean> {
    await this.subscriptions.remove(requireUser(context), id);
    return true;
  }

  @Mutation(() => Int, { description: "Pushes a test to each of the caller's devices; returns how many." })
  sendTestPush(@Context() context: RequestContext): Promise<number> {
    return this.subscriptions.sendTest(requireUser(context));
  }

  @Mutation(() => Boolean, {
    description:
      "Accepts or declines a takeback or a proposal to end, from a push notification's buttons: the token the push carried answers that one request, for its recipient, until it lapses. No session needed.",
  })
  async answerFromPush(@Args('token') token: string, @Args('accept') accept: boolean): Promise<boolean> {
    await this.answers.answer(token, accept);
    return true;
  }
}
