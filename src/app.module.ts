import { DynamicModule, Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { HealthModule } from './health/health.module';
import { AppOptions, foundation } from './process-foundation';

/** The server: the GraphQL API with the domain modules it composes (their sweeps for deadlines, reminders and digests included), and what operators look at. */
@Module({})
export class AppModule {
  static forRoot(options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ...foundation(options),
        ApiModule.forRoot({ introspection: options.introspection ?? false, corsOrigins: options.corsOrigins ?? [] }),
        HealthModule,
      ],
    };
  }
}
