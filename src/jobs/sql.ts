// The job store's SQL, written once in PostgreSQL's words; `jobSql` gives SQLite's form (the key
// store's forSqlite, and no row locks: a SQLite write transaction already holds the whole file).
import { forSqlite } from '../store/statements.js';

const JOB_COLUMNS = `id, organization_id, key_id, model, params, status, series, done, failed, chunks, chunks_done,
  errors, error_count, created_at, started_at, finished_at, expires_at, results_deleted`;

/** The statements; placeholders are $1..$n, each used once and in order. */
export const JOB_STATEMENTS = {
  insertJob: `INSERT INTO jobs (id, organization_id, key_id, model, params, status, created_at, updated_at)
    VALUES ($1, $2, $3, $4, $5, 'uploading', $6, $7)`,
  insertChunk: `INSERT INTO job_chunks (job_id, chunk, first_series, series, cost, input) VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (job_id, chunk) DO NOTHING`,
  touchJob: 'UPDATE jobs SET updated_at = $1 WHERE id = $2',
  finishUpload: `UPDATE jobs SET status = 'queued', series = $1, chunks = $2, updated_at = $3 WHERE id = $4 AND status = 'uploading'`,
  deleteChunks: 'DELETE FROM job_chunks WHERE job_id = $1',
  deleteJob: 'DELETE FROM jobs WHERE id = $1',
  getJob: `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1 AND organization_id = $2 AND status <> 'uploading'`,
  jobById: `SELECT ${JOB_COLUMNS} FROM jobs WHERE id = $1`,
  listJobs: `SELECT ${JOB_COLUMNS} FROM jobs WHERE organization_id = $1 AND status <> 'uploading'
    ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $2`,
  listJobsAfter: `SELECT ${JOB_COLUMNS} FROM jobs WHERE organization_id = $1 AND status <> 'uploading'
    AND (created_at < $2 OR (created_at = $3 AND id COLLATE "C" < $4))
    ORDER BY created_at DESC, id COLLATE "C" DESC LIMIT $5`,
  lockJob: 'SELECT status, organization_id, errors, chunks, chunks_done FROM jobs WHERE id = $1 FOR UPDATE',
  // one organization's jobs start one at a time, so its running count is read and raised whole
  lockOrganization: 'SELECT pg_advisory_xact_lock(hashtext($1)) IS NULL AS locked',
  countRunning: "SELECT COUNT(*)::integer AS n FROM jobs WHERE organization_id = $1 AND status = 'running'",
  startJob: "UPDATE jobs SET status = 'running', started_at = $1, updated_at = $2 WHERE id = $3 AND status = 'queued'",
  unfinished: `SELECT ${JOB_COLUMNS} FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, id COLLATE "C"`,
  pendingChunks: 'SELECT chunk FROM job_chunks WHERE job_id = $1 AND result IS NULL ORDER BY chunk',
  chunkInput: `SELECT c.first_series, c.series, c.input FROM job_chunks c JOIN jobs j ON j.id = c.job_id
    WHERE c.job_id = $1 AND c.chunk = $2 AND j.status IN ('queued', 'running') AND c.input IS NOT NULL`,
  writeResult: 'UPDATE job_chunks SET result = $1, input = NULL WHERE job_id = $2 AND chunk = $3 AND result IS NULL',
  countResult: `UPDATE jobs SET done = done + $1, failed = failed + $2, chunks_done = chunks_done + 1, errors = $3,
    error_count = error_count + $4, updated_at = $5 WHERE id = $6`,
  succeed: "UPDATE jobs SET status = 'succeeded', finished_at = $1, expires_at = $2, updated_at = $3 WHERE id = $4",
  chunkResult: 'SELECT result FROM job_chunks WHERE job_id = $1 AND chunk = $2',
  failJob: `UPDATE jobs SET status = 'failed', errors = $1, error_count = error_count + 1, finished_at = $2, expires_at = $3, updated_at = $4
    WHERE id = $5 AND status IN ('queued', 'running')`,
  dropInputs: 'UPDATE job_chunks SET input = NULL WHERE job_id = $1',
  ownJob: "SELECT status FROM jobs WHERE id = $1 AND organization_id = $2 AND status <> 'uploading' FOR UPDATE",
  cancel: "UPDATE jobs SET status = 'cancelled', finished_at = $1, updated_at = $2 WHERE id = $3 AND status IN ('queued', 'running')",
  resultsDeleted: 'UPDATE jobs SET results_deleted = 1 WHERE id = $1',
  expired: 'SELECT id FROM jobs WHERE expires_at < $1 AND results_deleted = 0',
  staleUploads: "SELECT id FROM jobs WHERE status = 'uploading' AND updated_at < $1",
  countByStatus: 'SELECT status, COUNT(*)::integer AS n FROM jobs GROUP BY status',
  saveTuningInput: `INSERT INTO tuning_inputs (name, organization_id, input, created_at) VALUES ($1, $2, $3, $4)
    ON CONFLICT (name) DO NOTHING`,
  tuningInput: 'SELECT input FROM tuning_inputs WHERE name = $1',
  dropTuningInput: 'DELETE FROM tuning_inputs WHERE name = $1',
  tuningInputNames: 'SELECT name FROM tuning_inputs ORDER BY created_at, name COLLATE "C"',
} as const;

export type JobStatementName = keyof typeof JOB_STATEMENTS;

/** The SQLite form of a job statement (no row or advisory locks: a SQLite write transaction holds the whole file). */
export function jobSql(sql: string): string {
  return forSqlite(sql.replace(/ FOR UPDATE/g, '').replace(/pg_advisory_xact_lock\(hashtext\((\$\d+)\)\) IS NULL/g, '$1 IS NULL'));
}
