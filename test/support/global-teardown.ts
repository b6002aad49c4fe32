import { stopTestPostgres } from './global-setup';

export default function globalTeardown(): Promise<void> {
  return stopTestPostgres();
}
