/** A server whose time is a ManualClock, mailing a real SMTP inbox: for tests of deadlines and clocks, started before a file's tests and closed after. */
import { ManualClock } from '../../src/common/clock';
import { Deadlines } from '../../src/deadlines/deadlines';
import type { AnyRuleset } from '../../src/rules/contract';
import { quickMailTo, startTestServer, type TestServer } from './app';
import { SmtpInbox } from './smtp-inbox';

export interface DeadlineBench {
  clock: ManualClock;
  inbox: SmtpInbox;
  server: TestServer;
  url: string;
  /** Swept when the test says (runDue), never by itself. */
  deadlines: Deadlines;
}

export function deadlineBench(start: Date, rulesets: AnyRuleset[]): DeadlineBench {
  const bench = { clock: new ManualClock(start) } as DeadlineBench;
  beforeAll(async () => {
    bench.inbox = await SmtpInbox.start();
    bench.server = await startTestServer({ clock: bench.clock, rulesets, mail: quickMailTo(bench.inbox.url) });
    bench.url = bench.server.url;
    bench.deadlines = bench.server.app.get(Deadlines);
  });
  afterAll(async () => {
    await bench.server?.close();
    await bench.inbox?.stop();
  });
  return bench;
}
