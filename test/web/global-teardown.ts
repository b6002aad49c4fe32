import { stopTestPostgres } from '../support/global-setup';
import { closeChromiumServers } from './chromium';

export default async function globalTeardown(): Promise<void> {
  await closeChromiumServers();
  await stopTestPostgres();
}
