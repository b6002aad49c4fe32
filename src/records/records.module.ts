import { Global, Module } from '@nestjs/common';
import { RecordsController } from './records.controller';
import { RecordsService } from './records.service';
import { Revalidation } from './revalidation';

/** Game records and their verification (README: "Game records and the verifier"). */
@Global()
@Module({
  controllers: [RecordsController],
  providers: [RecordsService, Revalidation],
  exports: [RecordsService, Revalidation],
})
export class RecordsModule {}
