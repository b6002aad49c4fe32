/**
 * Preloaded into the server (`node -r bench/tail/probe.js`) by bench/tail/trace.ts:
 * writes to TAIL_PROBE_FILE, on the wall clock (ms since the epoch), each
 * garbage collection, each timer callback that ran its own code for more
 * than 2 ms (by the callback's name), and each time the event loop was
 * held up more than 5 ms past a 10 ms tick. Plain JavaScript, so it loads
 * before anything else.
 */
const { PerformanceObserver, performance } = require('node:perf_hooks');
const fs = require('node:fs');

const out = fs.openSync(process.env.TAIL_PROBE_FILE, 'a');
const write = (line) => fs.writeSync(out, `${line}\n`);
const wall = (t) => (performance.timeOrigin + t).toFixed(1);
const GC_KINDS = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weakcb' };

new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    write(`gc ${wall(entry.startTime)} ${entry.duration.toFixed(2)} ${GC_KINDS[entry.detail?.kind] ?? entry.detail?.kind}`);
}).observe({ entryTypes: ['gc'] });

for (const name of ['setTimeout', 'setInterval', 'setImmediate']) {
  const original = globalThis[name];
  globalThis[name] = function timed(callback, ...rest) {
    if (typeof callback !== 'function') return original.call(this, callback, ...rest);
    const label = callback.name || callback.toString().slice(0, 80).replace(/\s+/g, ' ');
    return original.call(
      this,
      function probed(...args) {
        const began = performance.now();
        try {
          return callback.apply(this, args);
        } finally {
          const took = performance.now() - began;
          if (took > 2) write(`timer ${wall(began)} ${took.toFixed(2)} ${name} ${label}`);
        }
      },
      ...rest,
    );
  };
}

let expected = performance.now() + 10;
const tick = () => {
  const now = performance.now();
  if (now - expected > 5) write(`lag ${wall(expected)} ${(now - expected).toFixed(2)}`);
  expected = now + 10;
  ticker = setTimeoutUnprobed(tick, 10);
  ticker.unref();
};
const setTimeoutUnprobed = require('node:timers').setTimeout;
let ticker = setTimeoutUnprobed(tick, 10);
ticker.unref();

// The young generation's size and the old one's use, each second: what the collections had to work with.
const v8 = require('node:v8');
const spaces = require('node:timers').setInterval(() => {
  const of = (name) => v8.getHeapSpaceStatistics().find((space) => space.space_name === name);
  write(`heap ${wall(performance.now())} 0 new ${of('new_space').space_size} old ${of('old_space').space_used_size}`);
}, 1000);
spaces.unref();

// SIGUSR2 starts sampling every allocation's stack (collected objects included), the next one writes the profile beside the log.
const inspector = require('node:inspector');
let sampling = null;
process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = new inspector.Session();
    sampling.connect();
    sampling.post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    return;
  }
  sampling.post('HeapProfiler.stopSampling', (error, result) => {
    fs.writeFileSync(`${process.env.TAIL_PROBE_FILE}.heapprofile`, JSON.stringify(error ?? result.profile));
    sampling.disconnect();
    sampling = null;
  });
});
