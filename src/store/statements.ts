// Every SQL statement of the two stores, written once. The text is PostgreSQL's; `forSqlite` turns
// it into SQLite's, so the stores differ only in how they run a statement, never in what it says.
import { KEY_COLUMNS } from './rows.js';

// Global models first, then the organization's own, each by name; COLLATE "C" sorts by bytes as SQLite does.
const MODEL_ORDER = 'ORDER BY CASE WHEN organization_id IS NULL THEN 0 ELSE 1 END, name COLLATE "C"';
const TUNING_COLUMNS = 'name, organization_id, base, status, progress, config, report, error, created_at, updated_at';
const MODEL_COLUMNS = 'm.name, m.organization_id, m.base, m.config, m.created_at';

/** The statements; placeholders are $1..$n, each used once and in order (so SQLite's `?` can stand in). */
export const STATEMENTS = {
  getKey: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_id = $1`,
  listKeys: `SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, key_id COLLATE "C"`,
  listKeysOfOrg: `SELECT ${KEY_COLUMNS} FROM api_keys WHERE organization_id = $1 ORDER BY created_at, key_id COLLATE "C"`,
  countKeys: 'SELECT COUNT(*)::integer AS n FROM api_keys',
  insertOrg: 'INSERT INTO organizations (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
  insertProject: 'INSERT INTO projects (organization_id, id, created_at) VALUES ($1, $2, $3) ON CONFLICT (organization_id, id) DO NOTHING',
  insertUser: 'INSERT INTO users (organization_id, id, created_at) VALUES ($1, $2, $3) ON CONFLICT (organization_id, id) DO NOTHING',
  insertKey: `INSERT INTO api_keys (${KEY_COLUMNS}, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
  setStatus: 'UPDATE api_keys SET status = $1, updated_at = $2 WHERE key_id = $3',
  modelForOrg: `SELECT ${MODEL_COLUMNS} FROM models m
    WHERE m.name = $1 AND (m.organization_id IS NULL
      OR EXISTS (SELECT 1 FROM model_access a WHERE a.model_name = m.name AND a.organization_id = $2))`,
  modelsForOrg: `SELECT ${MODEL_COLUMNS} FROM models m
    WHERE m.organization_id IS NULL
      OR EXISTS (SELECT 1 FROM model_access a WHERE a.model_name = m.name AND a.organization_id = $1)
    ${MODEL_ORDER}`,
  listModels: `SELECT name, organization_id, base, config, created_at FROM models ${MODEL_ORDER}`,
  listModelsOfOrg: `SELECT name, organization_id, base, config, created_at FROM models WHERE organization_id = $1 ORDER BY name COLLATE "C"`,
  insertModel: 'INSERT INTO models (name, organization_id, base, config, created_at) VALUES ($1, $2, $3, $4, $5)',
  insertAccess: 'INSERT INTO model_access (model_name, organization_id, granted_at) VALUES ($1, $2, $3) ON CONFLICT (model_name, organization_id) DO NOTHING',
  ping: 'SELECT 1 AS one',
  modelNameUsed: 'SELECT name FROM models WHERE name = $1 UNION ALL SELECT name FROM model_tunings WHERE name = $2',
  insertTuning: `INSERT INTO model_tunings (${TUNING_COLUMNS})
    VALUES ($1, $2, $3, 'tuning', 0, NULL, NULL, NULL, $4, $5)`,
  getTuning: `SELECT ${TUNING_COLUMNS} FROM model_tunings WHERE name = $1 AND organization_id = $2`,
  getTuningByName: `SELECT ${TUNING_COLUMNS} FROM model_tunings WHERE name = $1`,
  listTunings: `SELECT ${TUNING_COLUMNS} FROM model_tunings WHERE organization_id = $1 ORDER BY name COLLATE "C"`,
  setTuningProgress: "UPDATE model_tunings SET progress = $1, updated_at = $2 WHERE name = $3 AND status = 'tuning'",
  finishTuning: `UPDATE model_tunings SET status = $1, progress = $2, config = $3, report = $4, error = $5, updated_at = $6
    WHERE name = $7 AND status = 'tuning'`,
  deleteTuning: 'DELETE FROM model_tunings WHERE name = $1 AND organization_id = $2',
  deleteOwnAccess: 'DELETE FROM model_access WHERE model_name = $1 AND organization_id = $2',
  deleteOwnModel: 'DELETE FROM models WHERE name = $1 AND organization_id = $2',
  // a tuning whose input is stored is the queue's to run (again): it is not lost with its instance
  failStaleTunings: `UPDATE model_tunings SET status = 'failed', error = $1, updated_at = $2 WHERE status = 'tuning' AND updated_at < $3
    AND name NOT IN (SELECT name FROM tuning_inputs)`,
} as const;

export type StatementName = keyof typeof STATEMENTS;

/** The SQLite form of a statement: `?` for each $n (which must run 1..n in order), no PostgreSQL-only syntax. */
export function forSqlite(sql: string): string {
  let expected = 1;
  const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
    if (Number(n) !== expected) throw new Error(`placeholder $${n} out of order (expected $${expected}) in: ${sql}`);
    expected += 1;
    return '?';
  });
  // SQLite compares text by bytes already (BINARY), which is what COLLATE "C" asks PostgreSQL for
  return text.replace(/ COLLATE "C"/g, '').replace(/::integer/g, '');
}
