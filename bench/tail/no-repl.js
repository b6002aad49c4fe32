/**
 * Preloaded before ts-node (`node -r bench/tail/no-repl.js -r ts-node/register/transpile-only ...`):
 * ts-node requires node's `repl` at load, for its own REPL, and `repl` loads
 * `domain`, which from then on hooks every promise and every event emitted
 * in the process. The server built for production (`node dist/main.js`)
 * loads neither; this keeps a server run through ts-node the same.
 */
const Module = require('node:module');

const load = Module._load;
Module._load = function withoutRepl(request, ...rest) {
  if (request === 'repl' || request === 'node:repl') return {};
  return load.call(this, request, ...rest);
};
