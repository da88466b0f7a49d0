import { describe, it, expect } from 'vitest';
import { availableParallelism } from 'node:os';
import { loadConfig, ConfigError, MAX_KEY_CACHE_TTL_MS } from '../../src/config/config.js';
import { parseConfigFlags } from '../../src/config/flags.js';

function fails(flags: Record<string, string | boolean | undefined>, env: Record<string, string>, mention: string): void {
  let caught: unknown;
  try {
    loadConfig(flags, env);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  expect((caught as Error).message).toContain(mention);
}

describe('loadConfig', () => {
  it('gives the documented defaults with no flags and an empty environment', () => {
    const c = loadConfig({}, {});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe('./data');
    expect(c.appUrl).toBeNull();
    expect(c.databaseUrl).toBeNull();
    expect(c.redisUrl).toBeNull();
    expect(c.keyPepper).toBeNull();
    expect(c.bounds).toEqual({ maxSeriesLength: 10000, maxHorizon: 1000, bodyLimitBytes: 1048576, maxLevels: 10 });
    expect(c.forecastTimeoutMs).toBe(10000);
    expect(c.lockLeaseMs).toBe(30000);
    expect(c.workers).toBe(Math.min(2, availableParallelism()));
    expect(c.keyCacheTtlMs).toBe(30000);
    expect(c.keyCacheMax).toBe(10000);
    expect(c.negativeCacheTtlMs).toBe(5000);
    expect(c.shutdownGraceMs).toBe(10000);
    expect(c.limitsFailOpen).toBe(false);
    expect(c.logLevel).toBe('info');
    expect(c.defaultRatePerMinute).toBe(60);
    expect(c.defaultRatePerHour).toBe(1000);
  });

  it('reads every environment variable', () => {
    const c = loadConfig({}, {
      HOST: '0.0.0.0', PORT: '9001', TEMPO_DATA_DIR: '/var/lib/tempo', TEMPO_APP_URL: 'https://app.example.com/',
      TEMPO_KEY_PEPPER: 'a-long-enough-pepper', TEMPO_MAX_SERIES_LENGTH: '500', TEMPO_MAX_HORIZON: '50',
      TEMPO_BODY_LIMIT_BYTES: '65536', TEMPO_MAX_LEVELS: '4', TEMPO_FORECAST_TIMEOUT_MS: '2500',
      TEMPO_LOCK_LEASE_MS: '5000', TEMPO_WORKERS: '3', TEMPO_KEY_CACHE_TTL_MS: '1000',
      TEMPO_NEGATIVE_CACHE_TTL_MS: '100', TEMPO_SHUTDOWN_GRACE_MS: '0', TEMPO_LIMITS_FAIL_OPEN: '1',
      TEMPO_LOG_LEVEL: 'debug',
    });
    expect(c).toMatchObject({
      host: '0.0.0.0', port: 9001, dataDir: '/var/lib/tempo', appUrl: 'https://app.example.com',
      keyPepper: 'a-long-enough-pepper', forecastTimeoutMs: 2500, lockLeaseMs: 5000, workers: 3,
      keyCacheTtlMs: 1000, negativeCacheTtlMs: 100, shutdownGraceMs: 0, limitsFailOpen: true, logLevel: 'debug',
    });
    expect(c.bounds).toEqual({ maxSeriesLength: 500, maxHorizon: 50, bodyLimitBytes: 65536, maxLevels: 4 });
  });

  it('lets flags win over the environment', () => {
    const c = loadConfig({ host: '::1', port: '7000', 'data-dir': '/tmp/x' }, { HOST: '0.0.0.0', PORT: '9001', TEMPO_DATA_DIR: '/y' });
    expect([c.host, c.port, c.dataDir]).toEqual(['::1', 7000, '/tmp/x']);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({}, { PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('returns a frozen object', () => {
    const c = loadConfig({}, {});
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.bounds)).toBe(true);
  });

  it('accepts TEMPO_LIMITS_FAIL_OPEN=0 as false', () => {
    expect(loadConfig({}, { TEMPO_LIMITS_FAIL_OPEN: '0' }).limitsFailOpen).toBe(false);
  });

  it.each([
    [{ port: 'abc' }, {}, '--port'],
    [{ port: '70000' }, {}, '--port'],
    [{ port: true }, {}, '--port'],
    [{}, { PORT: '-1' }, 'PORT'],
    [{}, { PORT: '80.5' }, 'PORT'],
    [{ host: 'a b' }, {}, '--host'],
    [{}, { TEMPO_APP_URL: 'not a url' }, 'TEMPO_APP_URL'],
    [{}, { TEMPO_APP_URL: 'ftp://x' }, 'TEMPO_APP_URL'],
    [{}, { DATABASE_URL: 'mysql://u@h/db' }, 'DATABASE_URL'],
    [{}, { REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL'],
    [{}, { TEMPO_KEY_PEPPER: 'short' }, 'TEMPO_KEY_PEPPER'],
    [{}, { TEMPO_MAX_SERIES_LENGTH: '0' }, 'TEMPO_MAX_SERIES_LENGTH'],
    [{}, { TEMPO_MAX_HORIZON: 'lots' }, 'TEMPO_MAX_HORIZON'],
    [{}, { TEMPO_BODY_LIMIT_BYTES: '10' }, 'TEMPO_BODY_LIMIT_BYTES'],
    [{}, { TEMPO_MAX_LEVELS: '17' }, 'TEMPO_MAX_LEVELS'],
    [{}, { TEMPO_FORECAST_TIMEOUT_MS: '0' }, 'TEMPO_FORECAST_TIMEOUT_MS'],
    [{}, { TEMPO_LOCK_LEASE_MS: '10' }, 'TEMPO_LOCK_LEASE_MS'],
    [{}, { TEMPO_WORKERS: '0' }, 'TEMPO_WORKERS'],
    [{}, { TEMPO_KEY_CACHE_TTL_MS: String(MAX_KEY_CACHE_TTL_MS + 1) }, 'TEMPO_KEY_CACHE_TTL_MS'],
    [{}, { TEMPO_NEGATIVE_CACHE_TTL_MS: '1e3' }, 'TEMPO_NEGATIVE_CACHE_TTL_MS'],
    [{}, { TEMPO_SHUTDOWN_GRACE_MS: 'soon' }, 'TEMPO_SHUTDOWN_GRACE_MS'],
    [{}, { TEMPO_LIMITS_FAIL_OPEN: 'yes' }, 'TEMPO_LIMITS_FAIL_OPEN'],
    [{}, { TEMPO_LOG_LEVEL: 'verbose' }, 'TEMPO_LOG_LEVEL'],
  ])('rejects %j %j naming %s', (flags, env, mention) => {
    fails(flags, env as Record<string, string>, mention);
  });
});

describe('parseConfigFlags', () => {
  it('parses the three configuration flags', () => {
    expect(parseConfigFlags(['--port', '9000', '--host=0.0.0.0', '--data-dir', 'd'])).toEqual({ port: '9000', host: '0.0.0.0', 'data-dir': 'd' });
  });
  it('rejects an unknown flag', () => {
    expect(() => parseConfigFlags(['--prot', '9000'])).toThrow();
  });
});
