import { Module } from '@nestjs/common';
import { PublicNames } from './public-names';

/** Players' public names, kept correct across server processes (see public-names.ts). */
@Module({ providers: [PublicNames], exports: [PublicNames] })
export class PublicNamesModule {}
