/**
 * A process for test/text-log.e2e-spec.ts: logs LINES lines through the
 * server's own logger in its default text format, then a fatal line, and
 * exits at once, as the stray-error guard does.
 */
import { createLogger } from '../../src/logging/logging.module';

const lines = Number(process.env.LINES ?? 100);
const logger = createLogger({ format: 'text', level: 'info' });
for (let i = 1; i <= lines; i++) logger.info({ reqId: `r-${i}` }, `line ${i} of ${lines}`);
logger.fatal('the last words before exiting');
process.exit(1);
