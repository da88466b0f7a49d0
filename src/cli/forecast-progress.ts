// Progress of a local batch or a server's job on stderr: a redrawn bar on a terminal, plain lines otherwise (logs, CI).

/** Where progress goes: a raw write, and whether it is a terminal that can redraw a line. */
export interface ProgressSink {
  isTTY: boolean;
  write(text: string): void;
}

/** Reports done/total with series/s and ETA; `now` is injected so the arithmetic can be tested. */
export interface Progress {
  update(done: number): void;
  finish(done: number): { seconds: number; perSecond: number };
}

const BAR = 24;
/** Least time between two plain lines, so a log is not flooded. */
const PLAIN_EVERY_MS = 2000;
const REDRAW_EVERY_MS = 100;

function eta(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 60) return `${Math.ceil(seconds)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.ceil(seconds % 60)).padStart(2, '0')}s`;
}

/** Least time, and least share of the series, before a rate is taken as measured: the first series include the workers' start. */
const MEASURED_MS = 1000;
const MEASURED_SHARE = 0.02;

/**
 * The progress line for `done` of `total` after `elapsedMs`, the rate counted from `from` done when
 * the reporting began (a re-attached job's); the ETA waits for a measured rate ("ETA …" until then).
 */
export function progressText(done: number, total: number, elapsedMs: number, from = 0): string {
  const rate = elapsedMs > 0 ? ((done - from) * 1000) / elapsedMs : 0;
  const left = rate > 0 ? (total - done) / rate : Infinity;
  const measured = elapsedMs >= MEASURED_MS && done - from >= Math.max(2, MEASURED_SHARE * total);
  return `${done}/${total} series  ${rate.toFixed(0)} series/s  ETA ${done === total ? '0s' : measured ? eta(left) : '…'}`;
}

/** Starts reporting progress of `total` series to `sink`, plain lines headed by `label`, `from` of them done already. */
export function startProgress(sink: ProgressSink, total: number, now: () => number = Date.now, label = 'tempo forecast', from = 0): Progress {
  const start = now();
  let last = -Infinity;
  const draw = (done: number) => {
    const text = progressText(done, total, now() - start, from);
    if (sink.isTTY) {
      const filled = total > 0 ? Math.round((BAR * done) / total) : BAR;
      sink.write(`\r[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${text}\x1b[K`);
    } else {
      sink.write(`${label}: ${text}\n`);
    }
  };
  return {
    update(done) {
      const t = now();
      if (t - last < (sink.isTTY ? REDRAW_EVERY_MS : PLAIN_EVERY_MS)) return;
      last = t;
      draw(done);
    },
    finish(done) {
      draw(done);
      if (sink.isTTY) sink.write('\n');
      const seconds = (now() - start) / 1000;
      return { seconds, perSecond: seconds > 0 ? (done - from) / seconds : 0 };
    },
  };
}
