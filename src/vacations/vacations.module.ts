import { Module } from '@nestjs/common';
import { Vacations } from './vacations';

/** Vacations (under the site's VACATION_POLICY, a setting): mail delivery holds mail, and deadlines pause, during them. */
@Module({ providers: [Vacations], exports: [Vacations] })
export class VacationsModule {}
