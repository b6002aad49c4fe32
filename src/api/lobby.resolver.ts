/** The lobby in the API: a signal at every change of the caller's lobby, for the page to read again what changed. */
import { Context, Field, ID, ObjectType, Resolver, Subscription } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { LobbyChange, LobbyUpdates } from './lobby-updates';

@ObjectType('LobbyChange', {
  description: "A change of the caller's lobby: which game, and why it concerns them. The lobby's own queries say what it now shows.",
})
class LobbyChangeModel {
  @Field(() => ID, {
    nullable: true,
    description: 'The game that changed. Null when any may have: the subscription has just begun (or begun again, after its connection dropped).',
  })
  gameId!: string | null;
  @Field({ description: 'The caller is seated in it: their turns, their games and their unread chat lines may have changed.' })
  seated!: boolean;
  @Field({ description: 'The caller is invited to it: their invitations may have changed.' })
  invited!: boolean;
  @Field({ description: 'It is a game open to anyone (see Game.openToAnyone) waiting for players, or was until this change: the open games may have changed.' })
  open!: boolean;
}

@Resolver()
export class LobbyResolver {
  constructor(private readonly lobby: LobbyUpdates) {}

  @Subscription(() => LobbyChangeModel, {
    description:
      "A signal at every change of the caller's lobby (their games, turns, invitations, unread chat lines, and the open games), to them alone; the first one at once.",
    resolve: (change: LobbyChange) => change,
  })
  lobbyChanged(@Context() context: RequestContext) {
    return this.lobby.watch(requireUser(context));
  }
}
