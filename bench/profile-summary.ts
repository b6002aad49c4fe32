/**
 * What a `--profile` run's server spent its CPU on during the API runs alone:
 * `node -r ts-node/register/transpile-only bench/profile-summary.ts
 * bench/results/profiles/CPU.....cpuprofile bench/results/profiles/runs-....jsonl [lean|page] [top]`.
 *
 * `npm run bench -- --profile` writes, beside the server's profile, when each
 * API run was (runs-*.jsonl, on the profile's own clock) and how many moves it
 * had accepted; only the samples inside those windows are counted (setting up
 * a thousand games is no part of a move), as self time per package and per
 * function, in shares and in microseconds per accepted move. Socket writes
 * (`writev`, `writeBuffer`) include time spent waiting to run again (see
 * README, "Reading these profiles").
 */
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface RunWindow {
  selection?: string;
  /** bench:peer's runs: the regime (the transport is the profile's folder). */
  regime?: string;
  connections: number;
  accepted: number;
  startUs: number;
  endUs: number;
}

function functionOf({ callFrame: f }: ProfileNode): string {
  const where = f.url
    .replace(/^file:\/\//, '')
    .replace(/.*\/node_modules\//, '')
    .replace(/.*\/(src|dist)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${where}`;
}

function packageOf({ callFrame: f }: ProfileNode): string {
  if (!f.url) return f.functionName.startsWith('(') ? f.functionName : '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (dependency) return dependency[1];
  if (f.url.startsWith('node:')) return `node:${f.url.slice(5).split('/')[0]}`;
  const own = /\/(?:src|dist)\/([^/]+)/.exec(f.url);
  return own ? `server: ${own[1]}` : f.url;
}

function main(): void {
  const [profileFile, runsFile, selection, top = '30'] = process.argv.slice(2);
  if (!profileFile || !runsFile) throw new Error("usage: profile-summary.ts <profile.cpuprofile> <runs.jsonl> [selection, or bench:peer's regime] [top]");
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
  const runs = readFileSync(runsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as RunWindow)
    .filter((run) => !selection || (run.regime ?? run.selection ?? 'lean') === selection);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let busyMs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (!runs.some((run) => at >= run.startUs && at <= run.endUs)) return;
    const node = nodes.get(id)!;
    if (node.callFrame.functionName === '(idle)') return;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    busyMs += ms;
    byFunction.set(functionOf(node), (byFunction.get(functionOf(node)) ?? 0) + ms);
    byPackage.set(packageOf(node), (byPackage.get(packageOf(node)) ?? 0) + ms);
  });
  const moves = runs.reduce((sum, run) => sum + run.accepted, 0);
  console.log(`runs: ${runs.map((run) => `${run.regime ?? run.selection ?? 'lean'} at ${run.connections}: ${run.accepted} moves`).join(', ')}`);
  console.log(`busy in them: ${Math.round(busyMs)} ms, ${(busyMs / moves).toFixed(2)} ms per accepted move`);
  const show = (totals: Map<string, number>, count: number) => {
    for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(
        `${((100 * ms) / busyMs).toFixed(1).padStart(5)}%  ${Math.round((1000 * ms) / moves)
          .toString()
          .padStart(5)} µs/move  ${name}`,
      );
    }
  };
  console.log('\nself time by package');
  show(byPackage, 30);
  console.log('\nself time by function');
  show(byFunction, Number(top));
}

main();
