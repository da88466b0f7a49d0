// How the worker threads are shared between callers: a unit of work (a forecast, a backtest, a
// batch's group of series, a tuning or job chunk) runs once a slot (a worker) is free and its
// caller's turn has come. Turns go round: among the organizations with work waiting, the one served
// least recently, and within it the caller (key, job) served least recently; one never served
// before goes first, and between those, the one whose unit has waited longest. So a caller alone
// gets every worker, a caller arriving beside a 2,000-series batch is served at the next free
// worker, and one organization's many keys (or jobs) share what one key of another organization
// gets. A unit never preempts another: the longest anyone waits for a free worker is the longest
// unit, which is why a batch is cut into short groups (src/server/batch/groups.ts).

/** Who a unit of work is for. */
export interface Caller {
  /** Fairness is between organizations first. */
  organization: string;
  /** Then between the callers of one organization: an API key's id, or a name such as `job:<id>`. */
  key: string;
}

/** The caller of work that names none (one shared line, first come first served). */
export const ANONYMOUS: Caller = { organization: '', key: '' };

export interface UnitOptions {
  /** Background work (tuning): runs on at most `backgroundSlots` slots, so callers always find one free. */
  background?: boolean;
  /** Refused with ComputeWaitTimeout when it has waited this long for a slot (default: no limit). */
  waitMs?: number;
  /** Counted by `waiting()` and refused by `refuseWaiting()` (default true; false for a batch's groups and background work). */
  refusable?: boolean;
}

/** A unit that waited `waitMs` without getting a slot. */
export class ComputeWaitTimeout extends Error {
  constructor(public readonly waitMs: number) {
    super(`no worker was free within ${waitMs} ms`);
    this.name = 'ComputeWaitTimeout';
  }
}

export interface FairShare {
  /** Runs `work` once a slot is free and it is `caller`'s turn; the slot is free again when `work` settles. */
  run<T>(caller: Caller, work: () => Promise<T>, options?: UnitOptions): Promise<T>;
  /** Units holding a slot; `background` ones only when asked. */
  running(background?: boolean): number;
  /** Refusable units waiting for a slot. */
  waiting(): number;
  /** Rejects every refusable waiting unit with `err` (background units and groups go on waiting). */
  refuseWaiting(err: Error): void;
}

interface Waiting {
  seq: number;
  background: boolean;
  refusable: boolean;
  start(): void;
  refuse(err: Error): void;
}

// the units waiting, by organization then caller, each line in arrival order
type Lines = Map<string, Map<string, Waiting[]>>;

/** Organizations (and callers) whose last turn is remembered; beyond it the least recent are forgotten. */
const MAX_REMEMBERED = 10_000;

/** A fair share of `slots` slots, at most `backgroundSlots` of them for background units. */
export function createFairShare(slots: number, backgroundSlots: number): FairShare {
  let running = 0;
  let background = 0;
  let refusableWaiting = 0;
  let seq = 0;
  const lines: Lines = new Map();

  const eligible = (u: Waiting) => !u.background || background < backgroundSlots;
  const firstEligible = (line: Waiting[]) => {
    for (let i = 0; i < line.length; i++) if (eligible(line[i])) return i;
    return -1;
  };

  // when each organization and each caller was last served (a count of units started), least
  // recent first: a Map keeps insertion order, and a stamp is moved to the end when renewed
  let started = 0;
  const servedOrg = new Map<string, number>();
  const servedCaller = new Map<string, number>();
  const stamp = (map: Map<string, number>, name: string) => {
    map.delete(name);
    map.set(name, started);
    // callers long gone are forgotten (they are then served as if new)
    if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value as string);
  };

  // the unit whose turn it is, taken out of its line; null when none may start
  function take(): Waiting | null {
    let org: Map<string, Waiting[]> | null = null;
    let orgName = '';
    let orgServed = Infinity;
    let orgSeq = Infinity;
    for (const [name, callers] of lines) {
      let oldest = Infinity;
      for (const line of callers.values()) {
        const i = firstEligible(line);
        if (i >= 0 && line[i].seq < oldest) oldest = line[i].seq;
      }
      if (oldest === Infinity) continue;
      const served = servedOrg.get(name) ?? -1;
      if (served < orgServed || (served === orgServed && oldest < orgSeq)) {
        org = callers;
        orgName = name;
        orgServed = served;
        orgSeq = oldest;
      }
    }
    if (org === null) return null;
    let best: Waiting[] | null = null;
    let bestKey = '';
    let bestIndex = -1;
    let bestServed = Infinity;
    for (const [key, line] of org) {
      const i = firstEligible(line);
      if (i < 0) continue;
      const served = servedCaller.get(`${orgName}\u0000${key}`) ?? -1;
      if (served < bestServed || (served === bestServed && line[i].seq < best![bestIndex].seq)) {
        best = line;
        bestKey = key;
        bestIndex = i;
        bestServed = served;
      }
    }
    const [unit] = best!.splice(bestIndex, 1);
    if (best!.length === 0) org.delete(bestKey);
    if (org.size === 0) lines.delete(orgName);
    started += 1;
    stamp(servedOrg, orgName);
    stamp(servedCaller, `${orgName}\u0000${bestKey}`);
    return unit;
  }

  function dispatch(): void {
    while (running < slots) {
      const unit = take();
      if (unit === null) return;
      unit.start();
    }
  }

  async function run<T>(caller: Caller, work: () => Promise<T>, options: UnitOptions = {}): Promise<T> {
    const isBackground = options.background === true;
    const refusable = options.refusable ?? !isBackground;
    const begin = () => {
      running += 1;
      if (isBackground) background += 1;
    };
    // a slot free and nobody waiting: no queue, no turn to wait for (a turn all the same)
    if (running < slots && lines.size === 0 && (!isBackground || background < backgroundSlots)) {
      started += 1;
      stamp(servedOrg, caller.organization);
      stamp(servedCaller, `${caller.organization}\u0000${caller.key}`);
      begin();
    } else {
      await new Promise<void>((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const unit: Waiting = {
          seq: seq++,
          background: isBackground,
          refusable,
          start: () => {
            clearTimeout(timer);
            if (refusable) refusableWaiting -= 1;
            begin();
            resolve();
          },
          refuse: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        let callers = lines.get(caller.organization);
        if (callers === undefined) lines.set(caller.organization, callers = new Map());
        let line = callers.get(caller.key);
        if (line === undefined) callers.set(caller.key, line = []);
        line.push(unit);
        if (refusable) refusableWaiting += 1;
        if (options.waitMs !== undefined) {
          timer = setTimeout(() => {
            if (!remove(caller, unit)) return;
            reject(new ComputeWaitTimeout(options.waitMs!));
          }, options.waitMs);
        }
        // a background unit may be blocked by its cap while a slot is free for others
        dispatch();
      });
    }
    try {
      return await work();
    } finally {
      running -= 1;
      if (isBackground) background -= 1;
      dispatch();
    }
  }

  // takes a waiting unit out of its line; false when it has already left it
  function remove(caller: Caller, unit: Waiting): boolean {
    const callers = lines.get(caller.organization);
    const line = callers?.get(caller.key);
    const i = line === undefined ? -1 : line.indexOf(unit);
    if (i < 0) return false;
    line!.splice(i, 1);
    if (line!.length === 0) callers!.delete(caller.key);
    if (callers!.size === 0) lines.delete(caller.organization);
    if (unit.refusable) refusableWaiting -= 1;
    return true;
  }

  return {
    run,
    running: (bg) => (bg === true ? background : running),
    waiting: () => refusableWaiting,
    refuseWaiting(err) {
      for (const [org, callers] of lines) {
        for (const [key, line] of callers) {
          const refused = line.filter((u) => u.refusable);
          for (const u of refused) {
            remove({ organization: org, key }, u);
            u.refuse(err);
          }
        }
      }
    },
  };
}
