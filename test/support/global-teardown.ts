export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __testPostgres?: { stop(): Promise<void> } }).__testPostgres?.stop();
}
