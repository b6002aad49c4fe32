/**
 * Every tier's module runtime: a package from node_modules (NestJS, Apollo, graphql, Prisma, pg,
 * Playwright...) is loaded by Node once per Jest worker and shared by the files the worker runs, instead of once per
 * file into the file's registry. Loading the server's packages took some 1.3 s of CPU per file; the project's own
 * code (src/, test/) is still loaded afresh for each file, so no file sees another's server.
 * Runs with worker-realm-environment.js: shared packages and the test's code must share one realm.
 */
const { createRequire } = require('node:module');
const { default: Runtime } = require('jest-runtime');

class WorkerPackagesRuntime extends Runtime {
  requireModuleOrMock(from, moduleName) {
    if (isPackage(moduleName)) return createRequire(from)(moduleName);
    return super.requireModuleOrMock(from, moduleName);
  }

  /** Every module runs in the worker's realm (see worker-realm-environment.js), not in the environment's context. */
  createScriptFromCode(scriptSource, filename) {
    const script = super.createScriptFromCode(scriptSource, filename);
    return { runInContext: (_context, options) => script.runInThisContext(options) };
  }
}

/** A bare specifier that is not Jest's own module or the page's `@shared/` path (jest.config.js's moduleNameMapper). */
function isPackage(moduleName) {
  return !/^[./]/.test(moduleName) && moduleName !== '@jest/globals' && !moduleName.startsWith('@shared/');
}

module.exports = WorkerPackagesRuntime;
