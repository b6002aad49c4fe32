/** The player's private notepad for a game, in the API. */
import { Args, Context, Field, ID, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { RequestContext, requireUser } from '../graphql/context';
import { MAX_NOTE_LENGTH, NotesService } from './notes.service';

@ObjectType('GameNotes')
export class GameNotesModel {
  @Field(() => ID) gameId!: string;
  @Field({ description: 'What the caller wrote; empty until first saved. Nobody else ever reads it.' }) text!: string;
  @Field(() => Date, { nullable: true }) updatedAt!: Date | null;
}

@Resolver(() => GameNotesModel)
export class NotesResolver {
  constructor(private readonly notes: NotesService) {}

  @Query(() => GameNotesModel, { description: "The caller's private notes for a game they play." })
  async myNotes(@Args('gameId', { type: () => ID }) gameId: string, @Context() context: RequestContext): Promise<GameNotesModel> {
    return { gameId, ...(await this.notes.read(requireUser(context), gameId)) };
  }

  @Mutation(() => GameNotesModel, { description: `Replaces the caller's private notes for a game they play (${MAX_NOTE_LENGTH} characters at most).` })
  async saveNotes(@Args('gameId', { type: () => ID }) gameId: string, @Args('text') text: string, @Context() context: RequestContext): Promise<GameNotesModel> {
    return { gameId, ...(await this.notes.save(requireUser(context), gameId, text)) };
  }
}
