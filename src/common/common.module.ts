import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';

@Global()
@Module({})
export class CommonModule {
  static forRoot(clock: Clock = new SystemClock()): DynamicModule {
    return { module: CommonModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
