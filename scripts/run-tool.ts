/**
 * Runs a command-line tool's main: its exit code, or 2 with the message of
 * what went wrong. Apart from records-context.ts, so that a tool that works on
 * record files alone (`npm run ratings`, `league-standings`, `verify` of a
 * file) loads no part of the server: it starts in a third of the time.
 */
export function runTool(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
