// Where the machine's CPU went during a bench phase: each labelled process's threads (its main
// thread, its busiest other thread, which in a worker of one thread is the compute thread, and the
// rest), PostgreSQL's and Redis's processes, and everything else, from /proc (Linux only; elsewhere
// the shares are empty). Read as cores busy on average.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_S = 0.01;

/** A process the bench started, named for the table. */
export interface Labelled { label: string; pid: number }

type Ticks = Map<string, number>;
// a labelled process's threads apart: `${label}\t${tid}`, folded into parts once the phase ends
const SEP = '\t';

// utime + stime of a /proc stat line (fields 14 and 15, after the parenthesised name)
function ticksOf(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[11]) + Number(rest[12]);
}

function read(path: string): string | undefined {
  try { return readFileSync(path, 'utf8'); } catch { return undefined; }
}

function nameOf(pid: string): string {
  const cmd = read(`/proc/${pid}/cmdline`) ?? '';
  if (cmd.includes('postgres')) return 'postgresql';
  if (cmd.includes('redis-server')) return 'redis';
  return 'other';
}

// every process's ticks, a labelled process's split into its main thread and the rest
function snapshot(labelled: readonly Labelled[]): Ticks {
  const out: Ticks = new Map();
  const add = (k: string, v: number) => out.set(k, (out.get(k) ?? 0) + v);
  const byPid = new Map(labelled.map((l) => [String(l.pid), l.label]));
  let pids: string[] = [];
  try { pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p)); } catch { return out; }
  for (const pid of pids) {
    const label = byPid.get(pid);
    if (label === undefined) {
      const stat = read(`/proc/${pid}/stat`);
      if (stat !== undefined) add(nameOf(pid), ticksOf(stat));
      continue;
    }
    let tids: string[] = [];
    try { tids = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tids) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (stat === undefined) continue;
      add(tid === pid ? `${label} main thread` : `${label}${SEP}${tid}`, ticksOf(stat));
    }
  }
  return out;
}

/** Starts counting; the returned function gives each part's cores (busy seconds / wall seconds) since, largest first. */
export function cpuShares(labelled: readonly Labelled[]): () => Array<{ part: string; cores: number }> {
  const before = snapshot(labelled);
  const t0 = performance.now();
  return () => {
    const after = snapshot(labelled);
    const wall = (performance.now() - t0) / 1000;
    const parts = new Map<string, number>();
    const busiest = new Map<string, number>();
    for (const [key, t] of after) {
      const cores = ((t - (before.get(key) ?? 0)) * TICK_S) / wall;
      const [label, tid] = key.split(SEP);
      if (tid === undefined) parts.set(key, cores);
      else {
        parts.set(`${label} other threads`, (parts.get(`${label} other threads`) ?? 0) + cores);
        busiest.set(label, Math.max(busiest.get(label) ?? 0, cores));
      }
    }
    for (const [label, cores] of busiest) {
      parts.set(`${label} busiest other thread`, cores);
      parts.set(`${label} other threads`, parts.get(`${label} other threads`)! - cores);
    }
    return [...parts].map(([part, cores]) => ({ part, cores }))
      .filter((x) => x.cores >= 0.005)
      .sort((a, b) => b.cores - a.cores);
  };
}

/** "part 0.93, part 0.05, …" */
export function formatShares(shares: ReadonlyArray<{ part: string; cores: number }>): string {
  return shares.map((s) => `${s.part} ${s.cores.toFixed(2)}`).join(', ');
}
