/**
 * How long a visible page counts as looked at without being used
 * (use-presence.ts). Long enough to think over a move or read the board
 * without touching anything; short enough that a tab left in front of an
 * empty chair stops holding the turn mail back within the mail's own delay
 * (3 minutes by default). A file of its own, without the page's DOM, so that
 * the tests read it too.
 */
export const IDLE_AFTER_MS = 3 * 60_000;
