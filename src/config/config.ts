// The service configuration: read from flags and environment once, at startup, validated, frozen,
// and passed down. Nothing below the entry points reads process.env, so any module can run with
// any configuration in a test.
import { availableParallelism } from 'node:os';
import { MAX_LEVELS } from '@tempo-forecast/core';

/** Request bounds the server enforces (defaults in docs/configuration.md). */
export interface Bounds {
  maxSeriesLength: number;
  maxHorizon: number;
  bodyLimitBytes: number;
  maxLevels: number;
}

/** Bounds and timings of model tuning (POST /v1/models). */
export interface TuningBounds {
  /** Most training series one tuning may take. */
  maxSeries: number;
  /** Most training values, over all series. */
  maxValues: number;
  /** Largest POST /v1/models body. */
  bodyLimitBytes: number;
  /** A tuning whose owner has not reported for this long is taken for interrupted and marked failed. */
  staleMs: number;
}

/** Bounds on one batch request: series, values in all, and body size. */
export interface BatchBounds {
  maxSeries: number;
  maxValues: number;
  /** Largest body after gzip inflation. */
  bodyLimitBytes: number;
}

/** Bounds and capacity of background jobs (POST /{model}/v1/jobs). */
export interface JobBounds {
  /** Most series one job may hold. */
  maxSeries: number;
  /** Largest upload, in bytes after gzip inflation. */
  uploadLimitBytes: number;
  /** Jobs of one organization that run at once; the rest wait queued. */
  runningPerOrganization: number;
  /** How long a finished job's results are kept (its record stays). */
  resultsTtlMs: number;
  /** A chunk's estimated cost (values × period factor) at which it is closed. */
  chunkCost: number;
  /** Chunks this process computes at once (`tempo serve` and `tempo worker`); 0 = none: this instance only accepts and serves. */
  workers: number;
  /** Redis key prefix of the BullMQ job queue. */
  queuePrefix: string;
  /** How long a chunk's lock lasts without renewal before BullMQ takes the chunk for stalled and delivers it again. */
  lockMs: number;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Public origin of the web app (settings page links); null = the server's own origin. */
  appUrl: string | null;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Server secret mixed into key hashes (HMAC-SHA256); null = plain SHA-256. */
  keyPepper: string | null;
  bounds: Bounds;
  tuning: TuningBounds;
  batchBounds: BatchBounds;
  jobs: JobBounds;
  forecastTimeoutMs: number;
  lockLeaseMs: number;
  workers: number;
  keyCacheTtlMs: number;
  keyCacheMax: number;
  negativeCacheTtlMs: number;
  /** How long a cached model record is trusted (a change made by another process shows within this). */
  modelCacheTtlMs: number;
  shutdownGraceMs: number;
  limitsFailOpen: boolean;
  logLevel: LogLevel;
  defaultRatePerMinute: number;
  defaultRatePerHour: number;
  /** Failed authentications one client address may make per minute before it gets 429; 0 = no limit. */
  failedAuthPerMinute: number;
  /** Socket hygiene (see src/server/http/connections.ts). */
  connections: ConnectionLimits;
  /** How long one Redis or PostgreSQL command may take before the request gets 503. */
  backendCommandTimeoutMs: number;
  /** How long connecting to Redis or PostgreSQL may take. */
  backendConnectTimeoutMs: number;
}

/** Bounds on what one client connection may hold of the server. */
export interface ConnectionLimits {
  /** Time allowed to send the request headers. */
  headersTimeoutMs: number;
  /** Time allowed to send the whole request (headers and body); a job upload gets more (below). */
  requestTimeoutMs: number;
  /** Average rate a job upload must keep past its first `requestTimeoutMs` (src/server/http/request-deadline.ts). */
  uploadMinBytesPerSecond: number;
  /** How long an idle keep-alive connection is kept open. */
  keepAliveTimeoutMs: number;
  /** Pipelined requests (sent before the answers to earlier ones) one socket may make before it is closed. */
  maxPipelined: number;
  /** Response bytes a socket may leave unread before it is closed. */
  maxUnreadBytes: number;
  /** How long an address whose socket was closed for pipelining or not reading has new connections refused; 0 = never. */
  abuseBenchMs: number;
  /** How long a connection may hold unread answers without taking a byte of them before it is closed. */
  stalledReaderMs: number;
}

/** Raised for a configuration value that cannot be used; the message names the flag or variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export type Flags = Record<string, string | boolean | undefined>;
export type Env = Record<string, string | undefined>;

/** Default requests per minute for a new key. */
export const DEFAULT_RATE_PER_MINUTE = 60;
/** Default requests per hour for a new key. */
export const DEFAULT_RATE_PER_HOUR = 1000;
/** Longest time a cached key record may be trusted (a disabled key stops working within this). */
export const MAX_KEY_CACHE_TTL_MS = 30_000;
/** Longest time a cached model record may be trusted (a model deleted by another process stops answering within this). */
export const MAX_MODEL_CACHE_TTL_MS = 5000;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_PEPPER_LENGTH = 16;

// A value and the name the operator used for it, so every error can say where to look.
interface Source { value: string; name: string }

function pick(flags: Flags, flag: string | null, env: Env, variable: string | null): Source | undefined {
  if (flag !== null) {
    const v = flags[flag];
    if (typeof v === 'boolean') throw new ConfigError(`--${flag} needs a value`);
    if (v !== undefined) return { value: v, name: `--${flag}` };
  }
  if (variable !== null) {
    const v = env[variable];
    // An empty variable is how shells and compose files say "unset".
    if (v !== undefined && v !== '') return { value: v, name: variable };
  }
  return undefined;
}

function integer(src: Source | undefined, fallback: number, min: number, max: number): number {
  if (src === undefined) return fallback;
  const text = src.value.trim();
  if (!/^\d+$/.test(text)) throw new ConfigError(`${src.name} must be a whole number from ${min} to ${max} (got "${src.value}")`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(`${src.name} must be a whole number from ${min} to ${max} (got ${text})`);
  }
  return n;
}

function url(src: Source | undefined, protocols: string[]): string | null {
  if (src === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(src.value);
  } catch {
    throw new ConfigError(`${src.name} must be a URL (got "${src.value}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${src.name} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL (got "${parsed.protocol}")`);
  }
  return src.value;
}

function boolean(src: Source | undefined): boolean {
  if (src === undefined) return false;
  const v = src.value.trim().toLowerCase();
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new ConfigError(`${src.name} must be 1 or 0 (got "${src.value}")`);
}

function queuePrefix(src: Source | undefined): string {
  if (src === undefined) return 'tempo';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(src.value)) throw new ConfigError(`${src.name} must be 1 to 64 characters of A-Z, a-z, 0-9, "_", "." and "-" (got "${src.value}")`);
  return src.value;
}

/** Reads and validates the configuration from command-line flags and environment; throws ConfigError. */
export function loadConfig(flags: Flags, env: Env): Config {
  const hostSrc = pick(flags, 'host', env, 'HOST');
  const host = hostSrc?.value.trim() ?? '127.0.0.1';
  if (host === '' || /\s|\//.test(host)) throw new ConfigError(`${hostSrc!.name} must be a host name or IP address (got "${hostSrc!.value}")`);

  const dataDirSrc = pick(flags, 'data-dir', env, 'TEMPO_DATA_DIR');
  const dataDir = dataDirSrc?.value ?? './data';
  if (dataDir.trim() === '') throw new ConfigError(`${dataDirSrc!.name} must be a directory path`);

  const appUrlRaw = url(pick(flags, null, env, 'TEMPO_APP_URL'), ['http:', 'https:']);
  // Links are built as appUrl + '/platform/...', so a trailing slash would double up.
  const appUrl = appUrlRaw === null ? null : appUrlRaw.replace(/\/+$/, '');

  const databaseUrl = url(pick(flags, null, env, 'DATABASE_URL'), ['postgres:', 'postgresql:']);
  const redisUrl = url(pick(flags, null, env, 'REDIS_URL'), ['redis:', 'rediss:']);

  const pepperSrc = pick(flags, null, env, 'TEMPO_KEY_PEPPER');
  if (pepperSrc !== undefined && pepperSrc.value.length < MIN_PEPPER_LENGTH) {
    throw new ConfigError(`TEMPO_KEY_PEPPER must be at least ${MIN_PEPPER_LENGTH} characters (got ${pepperSrc.value.length})`);
  }

  const logSrc = pick(flags, null, env, 'TEMPO_LOG_LEVEL');
  const logLevel = (logSrc?.value.trim().toLowerCase() ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`TEMPO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logSrc!.value}")`);
  }

  const e = (name: string) => pick(flags, null, env, name);
  const config: Config = {
    host,
    port: integer(pick(flags, 'port', env, 'PORT'), 8080, 0, 65535),
    dataDir,
    appUrl,
    databaseUrl,
    redisUrl,
    keyPepper: pepperSrc?.value ?? null,
    bounds: Object.freeze({
      maxSeriesLength: integer(e('TEMPO_MAX_SERIES_LENGTH'), 10_000, 1, 10_000_000),
      maxHorizon: integer(e('TEMPO_MAX_HORIZON'), 1000, 1, 1_000_000),
      bodyLimitBytes: integer(e('TEMPO_BODY_LIMIT_BYTES'), 1_048_576, 1024, 1024 * 1024 * 1024),
      // The core's level buffer has MAX_LEVELS slots; more cannot be passed through.
      maxLevels: integer(e('TEMPO_MAX_LEVELS'), 10, 0, MAX_LEVELS),
    }),
    tuning: Object.freeze({
      maxSeries: integer(e('TEMPO_TUNING_MAX_SERIES'), 5000, 1, 10_000_000),
      maxValues: integer(e('TEMPO_TUNING_MAX_VALUES'), 1_000_000, 1, 1_000_000_000),
      bodyLimitBytes: integer(e('TEMPO_TUNING_BODY_LIMIT_BYTES'), 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      // the tuner reports at least every few seconds; five missed reports mean its instance is gone
      staleMs: integer(e('TEMPO_TUNING_STALE_MS'), 30_000, 1000, 3_600_000),
    }),
    batchBounds: Object.freeze({
      maxSeries: integer(e('TEMPO_BATCH_MAX_SERIES'), 10_000, 1, 10_000_000),
      maxValues: integer(e('TEMPO_BATCH_MAX_VALUES'), 2_000_000, 1, 1_000_000_000),
      bodyLimitBytes: integer(e('TEMPO_BATCH_BODY_LIMIT_BYTES'), 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    }),
    jobs: Object.freeze({
      maxSeries: integer(e('TEMPO_JOB_MAX_SERIES'), 10_000_000, 1, 1_000_000_000),
      uploadLimitBytes: integer(e('TEMPO_JOB_UPLOAD_LIMIT_BYTES'), 5 * 1024 ** 3, 1024, 1024 ** 4),
      runningPerOrganization: integer(e('TEMPO_JOB_RUNNING_PER_ORG'), 2, 1, 10_000),
      resultsTtlMs: integer(e('TEMPO_JOB_RESULTS_TTL_MS'), 7 * 24 * 3_600_000, 1000, 366 * 24 * 3_600_000),
      chunkCost: integer(e('TEMPO_JOB_CHUNK_COST'), 50_000, 100, 100_000_000),
      workers: integer(pick(flags, 'job-workers', env, 'TEMPO_JOB_WORKERS'), Math.min(2, availableParallelism()), 0, 1024),
      queuePrefix: queuePrefix(e('TEMPO_JOB_QUEUE_PREFIX')),
      lockMs: integer(e('TEMPO_JOB_LOCK_MS'), 30_000, 1000, 600_000),
    }),
    forecastTimeoutMs: integer(e('TEMPO_FORECAST_TIMEOUT_MS'), 10_000, 1, 3_600_000),
    lockLeaseMs: integer(e('TEMPO_LOCK_LEASE_MS'), 30_000, 1000, 3_600_000),
    workers: integer(e('TEMPO_WORKERS'), Math.min(2, availableParallelism()), 1, 256),
    // The cache holds records, never verdicts; the TTL caps how long a disable takes to bite.
    keyCacheTtlMs: integer(e('TEMPO_KEY_CACHE_TTL_MS'), MAX_KEY_CACHE_TTL_MS, 0, MAX_KEY_CACHE_TTL_MS),
    keyCacheMax: 10_000,
    negativeCacheTtlMs: integer(e('TEMPO_NEGATIVE_CACHE_TTL_MS'), 5000, 0, MAX_KEY_CACHE_TTL_MS),
    modelCacheTtlMs: integer(e('TEMPO_MODEL_CACHE_TTL_MS'), 1000, 0, MAX_MODEL_CACHE_TTL_MS),
    shutdownGraceMs: integer(e('TEMPO_SHUTDOWN_GRACE_MS'), 10_000, 0, 600_000),
    limitsFailOpen: boolean(e('TEMPO_LIMITS_FAIL_OPEN')),
    logLevel,
    defaultRatePerMinute: DEFAULT_RATE_PER_MINUTE,
    defaultRatePerHour: DEFAULT_RATE_PER_HOUR,
    failedAuthPerMinute: integer(e('TEMPO_FAILED_AUTH_PER_MINUTE'), 30, 0, 1_000_000),
    connections: Object.freeze({
      headersTimeoutMs: integer(e('TEMPO_HEADERS_TIMEOUT_MS'), 10_000, 100, 600_000),
      requestTimeoutMs: integer(e('TEMPO_REQUEST_TIMEOUT_MS'), 30_000, 100, 3_600_000),
      uploadMinBytesPerSecond: integer(e('TEMPO_UPLOAD_MIN_BYTES_PER_S'), 32 * 1024, 1, 1024 ** 3),
      keepAliveTimeoutMs: integer(e('TEMPO_KEEP_ALIVE_TIMEOUT_MS'), 5000, 100, 600_000),
      maxPipelined: integer(e('TEMPO_MAX_PIPELINED'), 8, 1, 10_000),
      maxUnreadBytes: integer(e('TEMPO_MAX_UNREAD_BYTES'), 4 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
      abuseBenchMs: integer(e('TEMPO_ABUSE_BENCH_MS'), 10_000, 0, 3_600_000),
      stalledReaderMs: integer(e('TEMPO_STALLED_READER_MS'), 60_000, 1000, 3_600_000),
    }),
    backendCommandTimeoutMs: integer(e('TEMPO_BACKEND_COMMAND_TIMEOUT_MS'), 500, 50, 600_000),
    backendConnectTimeoutMs: integer(e('TEMPO_BACKEND_CONNECT_TIMEOUT_MS'), 1000, 50, 600_000),
  };
  if (config.connections.headersTimeoutMs > config.connections.requestTimeoutMs) {
    throw new ConfigError(`TEMPO_HEADERS_TIMEOUT_MS (${config.connections.headersTimeoutMs}) must not exceed TEMPO_REQUEST_TIMEOUT_MS (${config.connections.requestTimeoutMs})`);
  }
  return Object.freeze(config);
}
