import { Module } from '@nestjs/common';
import { Sessions } from './sessions';

/** Sessions and their bearer tokens (signed with JWT_SECRET, a setting: config.module.ts). */
@Module({ providers: [Sessions], exports: [Sessions] })
export class AuthModule {}
