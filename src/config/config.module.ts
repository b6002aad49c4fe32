import { DynamicModule, Global, Module, ValueProvider } from '@nestjs/common';

/**
 * The server's settings, each under the token of the module that reads it
 * (its options, the JWT secret, whether requests are limited, ...), given by
 * the process that composes the modules (app.module.ts). Global, with the
 * logger, the database and the clock: every other module imports what it uses.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(settings: ValueProvider[]): DynamicModule {
    return { module: ConfigModule, providers: settings, exports: settings.map((setting) => setting.provide) };
  }
}
