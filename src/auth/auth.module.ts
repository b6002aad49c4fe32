import { Module } from '@nestjs/common';
import { Passwords } from './passwords';
import { Sessions } from './sessions';

/** Sessions and their bearer tokens (signed with JWT_SECRET, a setting: config.module.ts), and passwords at PASSWORD_HASH_COST. */
@Module({ providers: [Sessions, Passwords], exports: [Sessions, Passwords] })
export class AuthModule {}
