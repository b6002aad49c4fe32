import { Global, Module } from '@nestjs/common';
import { NotesService } from './notes.service';

/** Each player's private notes per game (the resolver is served by the API module: see API_RESOLVERS). */
@Global()
@Module({ providers: [NotesService], exports: [NotesService] })
export class NotesModule {}
