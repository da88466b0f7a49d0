// The schema's history, oldest first. Rules: never edit or remove an applied migration, only append;
// never drop or rewrite data (keys are disabled, not deleted); keep the SQL portable to PostgreSQL:
// TEXT ids, ISO-8601 TEXT timestamps, INTEGER counts, standard constraints, ON CONFLICT DO NOTHING.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, in the order they apply. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'organizations projects users api_keys',
    sql: `
CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  created_at TEXT NOT NULL
);
CREATE TABLE projects (
  organization_id TEXT NOT NULL REFERENCES organizations (id),
  id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, id)
);
CREATE TABLE users (
  organization_id TEXT NOT NULL REFERENCES organizations (id),
  id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (organization_id, id)
);
CREATE TABLE api_keys (
  key_id TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active', 'inactive')),
  env TEXT NOT NULL CHECK (env IN ('live', 'test')),
  organization_id TEXT NOT NULL REFERENCES organizations (id),
  project_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  name TEXT NOT NULL,
  expires_at TEXT,
  rate_limit_per_minute INTEGER NOT NULL CHECK (rate_limit_per_minute > 0),
  rate_limit_per_hour INTEGER NOT NULL CHECK (rate_limit_per_hour > 0),
  last4 TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  FOREIGN KEY (organization_id, project_id) REFERENCES projects (organization_id, id),
  FOREIGN KEY (organization_id, user_id) REFERENCES users (organization_id, id)
);
CREATE INDEX api_keys_organization ON api_keys (organization_id, created_at);
`,
  },
  {
    version: 2,
    name: 'models and model_access',
    sql: `
CREATE TABLE models (
  name TEXT PRIMARY KEY,
  organization_id TEXT REFERENCES organizations (id),
  base TEXT NOT NULL,
  config TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX models_organization ON models (organization_id, name);
CREATE TABLE model_access (
  model_name TEXT NOT NULL REFERENCES models (name),
  organization_id TEXT NOT NULL REFERENCES organizations (id),
  granted_at TEXT NOT NULL,
  PRIMARY KEY (model_name, organization_id)
);
CREATE INDEX model_access_organization ON model_access (organization_id, model_name);
`,
  },
  {
    version: 3,
    name: 'seed the global tempo model',
    // organization_id NULL = available to every organization, with no model_access rows needed.
    // A fixed timestamp: the model exists from the first release, whenever the database was made.
    sql: `
INSERT INTO models (name, organization_id, base, config, created_at)
VALUES ('tempo', NULL, 'tempo', '{}', '2026-01-01T00:00:00.000Z')
ON CONFLICT (name) DO NOTHING;
`,
  },
  {
    version: 4,
    name: 'model tunings',
    // one row per tuning an organization started; a ready one also has its row in models.
    // updated_at is the tuner's heartbeat: a 'tuning' row that stops moving was interrupted.
    sql: `
CREATE TABLE model_tunings (
  name TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations (id),
  base TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('tuning', 'ready', 'failed')),
  progress DOUBLE PRECISION NOT NULL CHECK (progress >= 0 AND progress <= 1),
  config TEXT,
  report TEXT,
  error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX model_tunings_organization ON model_tunings (organization_id, name);
CREATE INDEX model_tunings_status ON model_tunings (status, updated_at);
`,
  },
  {
    version: 5,
    name: 'jobs, job chunks and tuning inputs',
    // a job's series travel in chunks of consecutive series: the input while it waits, the result
    // once run (both gzip'd NDJSON). A chunk's result is written once (WHERE result IS NULL), so a
    // chunk delivered twice counts once. A tuning's training series wait in tuning_inputs until it
    // ends, so any process can run it and a restarted one can run it again. BLOB is BYTEA on
    // PostgreSQL (migrate-postgres.ts).
    sql: `
CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  key_id TEXT NOT NULL,
  model TEXT NOT NULL,
  params TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('uploading', 'queued', 'running', 'succeeded', 'failed', 'cancelled')),
  series INTEGER NOT NULL DEFAULT 0,
  done INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  chunks INTEGER NOT NULL DEFAULT 0,
  chunks_done INTEGER NOT NULL DEFAULT 0,
  errors TEXT NOT NULL DEFAULT '[]',
  error_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  expires_at TEXT,
  results_deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX jobs_organization ON jobs (organization_id, created_at, id);
CREATE INDEX jobs_status ON jobs (status, created_at);
CREATE TABLE job_chunks (
  job_id TEXT NOT NULL REFERENCES jobs (id),
  chunk INTEGER NOT NULL,
  first_series INTEGER NOT NULL,
  series INTEGER NOT NULL,
  cost INTEGER NOT NULL,
  input BLOB,
  result BLOB,
  PRIMARY KEY (job_id, chunk)
);
CREATE TABLE tuning_inputs (
  name TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL,
  input BLOB NOT NULL,
  created_at TEXT NOT NULL
);
`,
  },
];

/** The bookkeeping table both runners keep: which step ran, under which name, when. */
export const SCHEMA_MIGRATIONS_DDL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/**
 * The migrations not yet applied, in order, given the rows of schema_migrations. Throws when an
 * applied step has been renamed since: history was edited after it ran somewhere, and going on
 * would let databases diverge.
 */
export function pendingMigrations(migrations: readonly Migration[], applied: ReadonlyArray<{ version: number; name: string }>): Migration[] {
  const names = new Map(applied.map((r) => [r.version, r.name]));
  return migrations.filter((m) => {
    const name = names.get(m.version);
    if (name === undefined) return true;
    if (name !== m.name) throw new Error(`migration ${m.version} was applied as "${name}" but is now called "${m.name}"; migrations must never change once applied`);
    return false;
  });
}
