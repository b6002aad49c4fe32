/** Telling the server that a player is looking at a game, in the API. */
import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { LivePresence } from './live-presence';

@Resolver()
export class PresenceResolver {
  constructor(private readonly presence: LivePresence) {}

  @Subscription(() => Boolean, {
    description:
      "Held by a page while its player can see the game and is using it: `true` once it counts, then nothing until the page ends it. Meanwhile the caller, one of the game's players, gets no mail about their turn or new messages there.",
    resolve: (present: boolean) => present,
  })
  async presentAtGame(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext) {
    return this.presence.attend(gameId, requireUser(context));
  }
}
