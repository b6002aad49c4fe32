import { Module } from '@nestjs/common';
import { NotesResolver } from './notes.resolver';
import { NotesService } from './notes.service';

/** Each player's private notes per game, and their part of the API. */
@Module({ providers: [NotesService, NotesResolver] })
export class NotesModule {}
