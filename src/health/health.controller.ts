/**
 * `/health/live`: the process answers (a supervisor restarts it if not).
 * `/health/ready`: it can serve players: the database answers, every
 * migration this code knows is applied, and it is not shutting down. It also
 * reports the mail queue (how many wait, and for how long the oldest due one
 * has), for a person or a monitor to read: late mail is worth an alert, but
 * not taking a server that can still serve moves out of rotation. Anyone
 * may read these answers: a failure is told in words of our own, and the
 * driver's message (database names, hosts, ports) goes to the log.
 */
import { Controller, Get, Logger } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, PrismaHealthIndicator } from '@nestjs/terminus';
import { migrationNames } from '../database/migrator';
import { PrismaService } from '../database/prisma.service';
import { DeliveryQueue } from '../notifications/delivery-queue';
import { ShutdownState } from '../lifecycle/shutdown-state';

const DATABASE_TIMEOUT_MS = 2000;

/**
 * `work`, or a failure once the database has not answered in time: a
 * database that hangs (stopped, not gone) would otherwise hold the answer for
 * as long as it hangs, and a monitor waiting on it learns nothing.
 */
function inTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)), DATABASE_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What a check that cannot read the database says, whatever the driver said. */
const UNREADABLE = 'the database cannot be read';

const APPLIED_MIGRATIONS = `
SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

@Controller('health')
export class HealthController {
  private readonly logger = new Logger('Health');

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly database: PrismaHealthIndicator,
    private readonly prisma: PrismaService,
    private readonly queue: DeliveryQueue,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.serving(),
      () => this.database.pingCheck('database', this.prisma, { timeout: DATABASE_TIMEOUT_MS }),
      () => this.migrations(),
      () => this.mailQueue(),
    ]);
  }

  private serving() {
    const check = this.indicators.check('server');
    return this.shutdown.stopping ? check.down({ message: 'shutting down' }) : check.up();
  }

  private async migrations() {
    const check = this.indicators.check('migrations');
    try {
      const applied = new Set((await inTime(this.prisma.sql.query<{ migration_name: string }>(APPLIED_MIGRATIONS))).map((row) => row.migration_name));
      const pending = migrationNames().filter((name) => !applied.has(name));
      return pending.length === 0 ? check.up({ applied: applied.size }) : check.down({ pending });
    } catch (error) {
      this.logger.warn(`migrations check: ${(error as Error).message}`);
      return check.down({ message: UNREADABLE });
    }
  }

  private async mailQueue() {
    const check = this.indicators.check('mail');
    try {
      const { depth, oldestDueSeconds } = await inTime(this.queue.stats());
      return check.up({ queued: depth, oldestDueSeconds: Math.round(oldestDueSeconds) });
    } catch (error) {
      // The database check says why; this one only reports.
      this.logger.warn(`mail queue check: ${(error as Error).message}`);
      return check.up({ message: `unknown: ${UNREADABLE}` });
    }
  }
}
