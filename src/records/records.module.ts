import { Global, Module } from '@nestjs/common';
import { RecordsService } from './records.service';
import { Revalidation } from './revalidation';

/**
 * Game records and their verification (README: "Game records and the
 * verifier"), for the server and its command-line tools alike: the server's
 * API serves them (records.resolver.ts, records.controller.ts, registered by
 * ApiModule with the other endpoints).
 */
@Global()
@Module({
  providers: [RecordsService, Revalidation],
  exports: [RecordsService, Revalidation],
})
export class RecordsModule {}
