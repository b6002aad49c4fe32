import { DynamicModule, Global, Module } from '@nestjs/common';
import { JWT_SECRET, Sessions } from './sessions';

/** Sessions and their bearer tokens. */
@Global()
@Module({})
export class AuthModule {
  static forRoot(jwtSecret: string): DynamicModule {
    return {
      module: AuthModule,
      providers: [{ provide: JWT_SECRET, useValue: jwtSecret }, Sessions],
      exports: [Sessions, JWT_SECRET],
    };
  }
}
