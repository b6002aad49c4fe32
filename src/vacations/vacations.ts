/**
 * Vacations: periods in which a player's move deadlines are paused and
 * their mail is held for a digest, within a yearly allowance.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { DEFAULT_VACATION_DAYS_PER_YEAR } from '../config/config';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { overlaps, Period, timeInYear } from './vacation-time';

const DAY_MS = 24 * 60 * 60 * 1000;

export const VACATION_POLICY = Symbol('VACATION_POLICY');

export interface VacationPolicy {
  /** The yearly allowance (calendar years, UTC); the site chooses it (VACATION_DAYS_PER_YEAR). */
  daysPerYear: number;
}

export const DEFAULT_VACATION_POLICY: VacationPolicy = { daysPerYear: DEFAULT_VACATION_DAYS_PER_YEAR };

/** A vacation as planned: its id stays while it is shortened (endAll). */
export interface PlannedVacation extends Period {
  id: string;
}

export interface VacationSummary {
  /** Current and future vacations, soonest first. */
  upcoming: Period[];
  /** Allowance left in the current calendar year, in days. */
  daysLeftThisYear: number;
}

/** SQL: the user `userId` is on vacation at `at` (both SQL expressions); other modules' statements use it (held mail). */
export function onVacation(userId: string, at: string): string {
  return `EXISTS (SELECT 1 FROM vacations v WHERE v.user_id = ${userId} AND v.starts_at <= ${at} AND v.ends_at > ${at})`;
}

const ON_VACATION = `SELECT ${onVacation('$1::uuid', '$2::timestamptz')} AS "onVacation"`;
const FORGET_USER = `DELETE FROM vacations WHERE user_id = $1::uuid`;

@Injectable()
export class Vacations {
  private readonly allowanceMs: number;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    @Inject(VACATION_POLICY) private readonly policy: VacationPolicy,
  ) {
    this.allowanceMs = policy.daysPerYear * DAY_MS;
  }

  /** Every vacation of the given users, by user. */
  async periodsOf(userIds: string[]): Promise<Map<string, PlannedVacation[]>> {
    const rows = await this.prisma.vacation.findMany({ where: { userId: { in: userIds } }, orderBy: { startsAt: 'asc' } });
    const byUser = new Map<string, PlannedVacation[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(row.userId)!.push(row);
    return byUser;
  }

  async isOnVacation(userId: string, at: Date): Promise<boolean> {
    const [row] = await this.prisma.sql.query<{ onVacation: boolean }>(ON_VACATION, [userId, at]);
    return row.onVacation;
  }

  async summary(userId: string): Promise<VacationSummary> {
    const now = this.clock.now();
    const periods = (await this.periodsOf([userId])).get(userId)!;
    const used = timeInYear(periods, now.getUTCFullYear());
    return {
      upcoming: periods.filter((p) => p.endsAt > now),
      daysLeftThisYear: Math.max(0, Math.floor((this.allowanceMs - used) / DAY_MS)),
    };
  }

  /** Plans a vacation; refuses past, overlapping or over-allowance periods, writing nothing. */
  async add(userId: string, period: Period): Promise<VacationSummary> {
    const now = this.clock.now();
    if (Number.isNaN(period.startsAt.getTime()) || Number.isNaN(period.endsAt.getTime()) || period.endsAt <= period.startsAt) {
      throw new AppError('BAD_USER_INPUT', 'A vacation must end after it starts.');
    }
    if (period.startsAt < now) throw new AppError('BAD_USER_INPUT', 'A vacation cannot start in the past.');
    const existing = (await this.periodsOf([userId])).get(userId)!;
    if (existing.some((other) => overlaps(other, period))) throw new AppError('BAD_USER_INPUT', 'That vacation overlaps one you already planned.');
    for (let year = period.startsAt.getUTCFullYear(); year <= period.endsAt.getUTCFullYear(); year++) {
      if (timeInYear([...existing, period], year) > this.allowanceMs) {
        throw new AppError('BAD_USER_INPUT', `That is more than the ${this.policy.daysPerYear} days of vacation allowed in ${year}.`);
      }
    }
    await this.prisma.vacation.create({ data: { userId, startsAt: period.startsAt, endsAt: period.endsAt } });
    return this.summary(userId);
  }

  /** A deleted account's vacations are forgotten, in the caller's transaction. */
  async forgetUser(sql: Sql, userId: string): Promise<void> {
    await sql.query(FORGET_USER, [userId]);
  }

  /** Ends the current vacation now and cancels planned ones. */
  async endAll(userId: string): Promise<VacationSummary> {
    const now = this.clock.now();
    await this.prisma.$transaction([
      this.prisma.vacation.deleteMany({ where: { userId, startsAt: { gte: now } } }),
      this.prisma.vacation.updateMany({ where: { userId, startsAt: { lt: now }, endsAt: { gt: now } }, data: { endsAt: now } }),
    ]);
    return this.summary(userId);
  }
}
