/**
 * `/metrics` in Prometheus' text format. With METRICS_TOKEN set, only a
 * scraper that sends `Authorization: Bearer <token>` gets them. The mail
 * queue and the pool are read now, at the scrape, not kept up to date on
 * every move.
 */
import { Controller, Get, Headers, Inject, Res, UnauthorizedException } from '@nestjs/common';
import { bearer } from '../auth/bearer-tokens';
import { sameSecret } from '../common/same-secret';
import { PrismaService } from '../database/prisma.service';
import { DeliveryQueue } from '../notifications/delivery-queue';
import { Metrics } from '../metrics/metrics';

export const METRICS_TOKEN = Symbol('METRICS_TOKEN');

@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly prisma: PrismaService,
    private readonly queue: DeliveryQueue,
    @Inject(METRICS_TOKEN) private readonly token: string | null,
  ) {}

  @Get()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() response: { type(contentType: string): { send(body: string): void } },
  ): Promise<void> {
    if (this.token !== null && !sameSecret(bearer(authorization) ?? '', this.token)) {
      throw new UnauthorizedException('Send the metrics token as "Authorization: Bearer <token>".');
    }
    await this.readNow();
    response.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }

  private async readNow(): Promise<void> {
    const pool = this.prisma.pool;
    this.metrics.databasePool.set({ state: 'total' }, pool.totalCount);
    this.metrics.databasePool.set({ state: 'idle' }, pool.idleCount);
    this.metrics.databasePool.set({ state: 'waiting' }, pool.waitingCount);
    try {
      const { depth, oldestDueSeconds } = await this.queue.stats();
      this.metrics.mailQueueDepth.set(depth);
      this.metrics.oldestDueMailAge.set(oldestDueSeconds);
    } catch {
      // The database is out of reach: the queue's figures are unknown (NaN) rather than failing the whole scrape.
      this.metrics.mailQueueDepth.set(NaN);
      this.metrics.oldestDueMailAge.set(NaN);
    }
  }
}
