import { DynamicModule, Module } from '@nestjs/common';
import { AuthService, JWT_SECRET } from './auth.service';

@Module({})
export class AuthModule {
  static forRoot(jwtSecret: string): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [{ provide: JWT_SECRET, useValue: jwtSecret }, AuthService],
      exports: [AuthService],
    };
  }
}
