// What the store keeps about an organization's model tunings (POST /v1/models).

export type TuningStatus = 'tuning' | 'ready' | 'failed';

/** One tuning: its state while it runs, and its outcome once done. */
export interface TuningRecord {
  name: string;
  organizationId: string;
  base: string;
  status: TuningStatus;
  /** 0 to 1. */
  progress: number;
  /** The chosen configuration, once ready. */
  config: Record<string, unknown> | null;
  /** The tuning report, once ready. */
  report: Record<string, unknown> | null;
  /** Why it failed, in words safe to show the organization. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NewTuning {
  name: string;
  organizationId: string;
  base: string;
}

/** How a tuning ended: ready with a config and report, or failed with a reason. */
export type TuningOutcome =
  | { status: 'ready'; config: Record<string, unknown>; report: Record<string, unknown> }
  | { status: 'failed'; error: string };

export interface TuningRow {
  name: string;
  organization_id: string;
  base: string;
  status: TuningStatus;
  progress: number;
  config: string | null;
  report: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** The record a tuning row holds (config and report are stored as JSON text). */
export function tuningFromRow(r: TuningRow): TuningRecord {
  return {
    name: r.name, organizationId: r.organization_id, base: r.base, status: r.status, progress: Number(r.progress),
    config: r.config === null ? null : JSON.parse(r.config) as Record<string, unknown>,
    report: r.report === null ? null : JSON.parse(r.report) as Record<string, unknown>,
    error: r.error, createdAt: r.created_at, updatedAt: r.updated_at,
  };
}

/** The parameters of STATEMENTS.finishTuning for this outcome, at `at`. */
export function finishParams(name: string, outcome: TuningOutcome, at: string): unknown[] {
  return outcome.status === 'ready'
    ? ['ready', 1, JSON.stringify(outcome.config), JSON.stringify(outcome.report), null, at, name]
    : ['failed', 0, null, null, outcome.error, at, name];
}
