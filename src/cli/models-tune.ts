// `tempo models tune`: tunes an organization's model on a history CSV, in this process's worker
// pool, recording the tuning in the store exactly as POST /v1/models does, with progress on stderr.
import { createReadStream } from 'node:fs';
import pino from 'pino';
import { createComputePool } from '../compute/pool.js';
import type { CoreConfig } from '@tempo-forecast/core';
import { compileRequests } from '../server/schemas/requests.js';
import { checkAtOnce } from '../server/validation/request-check.js';
import type { TunedModelRequestBody } from '../common/tuned-model-types.js';
import { StoreConflictError } from '../store/types.js';
import { readLongCsv, TableError } from '../table/long-csv.js';
import { createTuningService } from '../tuning/service.js';
import { optional, parseCommand, positiveInt, required } from './args.js';
import { withStore } from './context.js';
import { planSeriesDates } from './series-dates.js';
import { CommandFailure, UsageError, type CliIO } from './io.js';
import { MODELS_TUNE_HELP } from './usage.js';

const BAR = 30;

/** A progress line: a bar of `#` and the percentage. */
export function progressLine(name: string, done: number): string {
  const full = Math.round(done * BAR);
  return `tuning ${name} [${'#'.repeat(full)}${'-'.repeat(BAR - full)}] ${Math.floor(done * 100)}%`;
}

interface ShownScores { mase: number | null; rmsse?: number | null; spl?: number | null }
interface ShownSegment {
  series: number; config: unknown; label?: string; chosen?: string; decided_by?: string | null; reason?: string;
  holdout?: { base: ShownScores; chosen: ShownScores } | null;
  report?: { chosen: string; series: { tuned_on: number } };
}
interface ShownReport {
  metric?: string;
  chosen: string;
  series?: { tuned_on: number; holdout: number; total?: number; kept_base?: number };
  counts?: { segments: number; tuned: number; kept_base: number };
  holdout: { tuned: ShownScores; base: ShownScores };
  segments?: Record<string, ShownSegment>;
}

const num = (x: number | null | undefined) => (x === null || x === undefined ? 'n/a' : x.toFixed(3));

// one segment's line: its series, the metric that decided, its holdout scores, and what it stores
function segmentLine(name: string, g: ShownSegment, metric: string): string {
  const chosen = g.chosen ?? g.report?.chosen;
  const label = g.label !== undefined && g.label !== name ? ` (${g.label})` : '';
  const tunedOn = g.report ? `, tuned on ${g.report.series.tuned_on}` : '';
  const decided = g.decided_by === undefined ? '' : g.decided_by === null ? ', not tuned' : `, decided by ${g.decided_by}`;
  const scores = g.holdout ? `, holdout ${metric} base ${num(g.holdout.base.mase)} chosen ${num(g.holdout.chosen.mase)}` : '';
  const outcome = chosen === 'tuned' ? `config ${JSON.stringify(g.config)}` : `kept the default${g.reason && g.decided_by === null ? ` (${g.reason.replace(/^kept the default: /, '')})` : ''}`;
  return `\n  ${name}${label}: ${g.series} series${tunedOn}${decided}${scores}: ${outcome}`;
}

/** The summary line of a ready tuning: the series and segment counts and metric of its report, and a win only when the report's decision was one. */
export function tuneSummary(name: string, organizationId: string, baseName: string, config: unknown, r: ShownReport): string {
  const metric = r.metric ?? 'MASE';
  const h = r.holdout;
  const c = r.counts;
  const counts = r.series
    ? r.series.total !== undefined && c !== undefined
      ? `on ${r.series.total} series in ${c.segments} segments (${c.tuned} tuned, ${c.kept_base} kept the default; tuned on ${r.series.tuned_on}, holdout on ${r.series.holdout})`
      : `on ${r.series.tuned_on} series (holdout on ${r.series.holdout})`
    : 'on its series';
  const scores = `holdout ${metric} ${num(h.tuned.mase)} vs ${num(h.base.mase)}, RMSSE ${num(h.tuned.rmsse)} vs ${num(h.base.rmsse)}`;
  const outcome = r.chosen === 'tuned'
    ? `config ${JSON.stringify(config)} (beat ${baseName} on the holdout by ${metric}: ${scores})`
    : `kept the default: no candidate beat ${baseName} on ${metric} with every check held (the best candidate's ${scores}); config ${JSON.stringify(config)}`;
  const segments = Object.entries(r.segments ?? {}).map(([k, g]) => segmentLine(k, g, metric)).join('');
  return `Tuned model ${name} for organization ${organizationId} ${counts}: ${outcome}.${segments}
Call it at /${name}/v1/forecast with a key of that organization.`;
}

/** Runs `tempo models tune …`; returns the exit code or throws UsageError / CommandFailure. */
export async function modelsTune(argv: string[], io: CliIO): Promise<number> {
  const h = MODELS_TUNE_HELP;
  const p = parseCommand('models tune', argv, {
    org: { type: 'string' }, name: { type: 'string' }, file: { type: 'string' }, horizon: { type: 'string' }, base: { type: 'string' }, freq: { type: 'string' },
  }, 0, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const organizationId = required(p, 'org', 'models tune', h);
  const name = required(p, 'name', 'models tune', h);
  const file = required(p, 'file', 'models tune', h);
  const horizon = positiveInt(p, 'horizon', 'models tune', h) ?? 12;
  const freq = optional(p, 'freq');
  // the file's dates are read and checked as `tempo forecast --file` reads them, and sent as the API takes them
  let series: TunedModelRequestBody['training']['series'];
  try {
    const { series: rows, columns: [, dsColumn], regressors } = await readLongCsv(createReadStream(file), file);
    if (regressors.length > 0) {
      throw new UsageError(`models tune: ${file} has regressor columns (${regressors.map((c) => c.name).join(', ').slice(0, 200)}): tuning does not use regressors; keep only the id, date and value columns`, h);
    }
    series = rows.map((s) => ({ id: s.id, values: s.values, timestamps: planSeriesDates(s, { file, dsColumn, horizon, freq, help: h, command: 'models tune' }).timestamps }));
  } catch (err) {
    if (err instanceof TableError || (err as NodeJS.ErrnoException).syscall !== undefined) throw new UsageError(`models tune: ${(err as Error).message}`, h);
    throw err;
  }
  const body: TunedModelRequestBody = { name, ...(optional(p, 'base') ? { base: optional(p, 'base') } : {}), training: { horizon, ...(freq ? { freq } : {}), series } };
  return withStore(p, io, async (store, config) => {
    const { errors: problems, accepted } = checkAtOnce(compileRequests(config).tunedModel, body);
    if (accepted === undefined) throw new UsageError(`models tune: ${problems[0].pointer}: ${problems[0].detail}`, h);
    const { dates } = accepted;
    const baseName = body.base ?? 'tempo';
    const base = await store.getModelForOrg(baseName, organizationId);
    if (base === undefined) throw new UsageError(`models tune: --base ${baseName} is not a model organization ${organizationId} may use`, h);
    try {
      await store.createTuning({ name, organizationId, base: baseName });
    } catch (err) {
      if (err instanceof StoreConflictError) throw new CommandFailure(`models tune: a model named ${name} already exists`);
      throw err;
    }
    const pool = createComputePool({ workers: config.workers, timeoutMs: config.forecastTimeoutMs });
    let shown = -1;
    const tuning = createTuningService({
      store, pool, logger: pino({ level: 'silent' }), heartbeatMs: Math.max(200, Math.floor(config.tuning.staleMs / 5)),
      // no callers share this pool: every worker tunes
      tune: { parallel: Math.max(1, config.workers) },
      // a line per tenth: readable on a terminal and in a log file alike
      onProgress: (_n, done) => {
        const step = Math.floor(done * 10);
        if (step > shown) { shown = step; io.err(progressLine(name, done)); }
      },
    });
    try {
      await pool.ready();
      tuning.start({ name, organizationId, base: base.config as CoreConfig, horizon, series: series.map((s) => s.values), ...(dates ? { dates } : {}) });
      await tuning.idle();
    } finally {
      await tuning.close();
      await pool.close();
    }
    const t = (await store.getTuning(name, organizationId))!;
    if (p.values.json === true) io.out(JSON.stringify({ name: t.name, organization_id: t.organizationId, status: t.status, config: t.config, report: t.report, error: t.error }));
    else if (t.status === 'ready') {
      io.out(tuneSummary(name, organizationId, baseName, t.config, t.report as unknown as ShownReport));
    }
    if (t.status !== 'ready') throw new CommandFailure(`models tune: the tuning failed: ${t.error}`);
    return 0;
  });
}
