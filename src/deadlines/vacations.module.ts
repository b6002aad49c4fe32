import { Module } from '@nestjs/common';
import { Vacations } from './vacations';

/** Its own module: both mail delivery (holding mail) and deadlines (pausing them) need it. */
@Module({ providers: [Vacations], exports: [Vacations] })
export class VacationsModule {}
