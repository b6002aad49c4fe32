import pino from 'pino';
import { RequestSummary } from './request-summary';

/** A logger at `level` whose lines are kept, parsed. */
function capturingLogger(level: pino.Level): { logger: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { logger: pino({ level }, destination), lines };
}

describe('the request summary', () => {
  it('says in one line at info how many requests were served since the last, how many failed and the slowest', () => {
    const { logger, lines } = capturingLogger('info');
    const summary = new RequestSummary(logger);
    summary.answered(12, false);
    summary.answered(84.4, false);
    summary.answered(3, true);
    summary.report();
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: '3 requests served in the last minute, 1 failed (their lines say why); the slowest took 84 ms' }),
    ]);

    summary.answered(5, false);
    summary.report();
    expect(lines[1]).toMatchObject({ level: 30, msg: '1 request served in the last minute, none failed; the slowest took 5 ms' });
  });

  it('writes nothing for a minute without requests', () => {
    const { logger, lines } = capturingLogger('info');
    const summary = new RequestSummary(logger);
    summary.report();
    summary.answered(1, false);
    summary.report();
    summary.report();
    expect(lines).toHaveLength(1);
  });

  it('reports by itself every interval while the logger writes info, and stops with its module', async () => {
    const { logger, lines } = capturingLogger('info');
    const summary = new RequestSummary(logger, 50);
    summary.onModuleInit();
    summary.answered(7, false);
    for (const deadline = Date.now() + 5000; lines.length === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 20));
    await summary.onModuleDestroy();
    summary.answered(7, false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toMatch(/^1 request served/);
  });

  it('does not run where info is not written (tests, LOG_LEVEL=warn)', async () => {
    const { logger, lines } = capturingLogger('warn');
    const summary = new RequestSummary(logger, 20);
    summary.onModuleInit();
    summary.answered(7, false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await summary.onModuleDestroy();
    expect(lines).toEqual([]);
  });
});
