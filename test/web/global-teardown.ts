import { stopTestPostgres } from '../support/global-setup';
import { closeChromiumServer } from './chromium';

export default async function globalTeardown(): Promise<void> {
  await closeChromiumServer();
  await stopTestPostgres();
}
