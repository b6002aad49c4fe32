import { stopTestPostgres } from '../support/global-setup';

export default async function globalTeardown(): Promise<void> {
  await stopTestPostgres();
}
