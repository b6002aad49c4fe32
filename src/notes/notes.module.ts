import { Module } from '@nestjs/common';
import { NotesResolver } from './notes.resolver';
import { NotesService } from './notes.service';
import { PlayModule } from '../play/play.module';

/** Each player's private notes per game, and their part of the API. */
@Module({ imports: [PlayModule], providers: [NotesService, NotesResolver] })
export class NotesModule {}
