// Preloaded (`--require`) into a process a test runs, a tool or the mail worker: as the process exits, prints to stderr
// the packages it loaded, as one line `LOADED PACKAGES <json list>` (test/support/tools.ts, loadedPackagesIn).
process.on('exit', () => {
  const packages = new Set();
  for (const path of Object.keys(require.cache)) {
    const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path.slice(path.lastIndexOf('/node_modules/')));
    if (inPackage) packages.add(inPackage[1]);
  }
  process.stderr.write(`LOADED PACKAGES ${JSON.stringify([...packages].sort())}\n`);
});
