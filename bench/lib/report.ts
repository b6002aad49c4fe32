/** What a benchmark prints, kept with its figures and written to bench/results/<time><suffix>.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Throughput } from './measure';

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

export class Report {
  readonly data: Record<string, unknown> = { startedAt: new Date().toISOString() };
  readonly lines: string[] = [];

  /** One line: the first cell 46 characters wide, the others `width`. */
  row(cells: Array<string | number>, width = 14): void {
    const line = cells.map((cell, i) => String(cell).padEnd(i === 0 ? 46 : width)).join('');
    this.lines.push(line);
    console.log(line);
  }

  throughput(label: string, result: Throughput, raw?: Throughput): void {
    this.row([label, round(result.perSecond, 0), round(result.p50Ms, 2), round(result.p99Ms, 2), raw ? round(result.perSecond / raw.perSecond, 2) : '']);
  }

  /** Writes the figures and the printed table to bench/results/; returns the file's path. */
  write(suffix: string): string {
    const dir = join(__dirname, '..', 'results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${(this.data.startedAt as string).replace(/[:.]/g, '-')}${suffix}.json`);
    writeFileSync(file, JSON.stringify({ ...this.data, table: this.lines }, null, 2));
    return file;
  }
}
