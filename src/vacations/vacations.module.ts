import { DynamicModule, Module } from '@nestjs/common';
import { VACATION_POLICY, VacationPolicy, Vacations } from './vacations';

/** Global: both mail delivery (holding mail) and deadlines (pausing them) need it. */
@Module({})
export class VacationsModule {
  static forRoot(policy: VacationPolicy): DynamicModule {
    return { module: VacationsModule, global: true, providers: [{ provide: VACATION_POLICY, useValue: policy }, Vacations], exports: [Vacations] };
  }
}
