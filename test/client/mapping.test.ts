// Mapping answers to classes: by catalogue code first, then by status family, so codes the server
// adds later still land in the right branch. Unknown codes cannot be produced by the real server,
// so a stand-in answers them; the catalogue's own codes are checked against the real shared table.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import {
  TempoClient, APIError, AuthenticationError, ApiKeyInvalidError, ApiKeyInactiveError, ApiKeyExpiredError,
  RequestInvalidError, ModelNotAvailableError, ForecastAlreadyRunningError, ModelNotReadyError, ModelNameTakenError, UsageLimitError, ServiceUnavailableError,
  InternalServerError, JobNotFoundError, JobNotFinishedError, JobExpiredError,
} from '@tempo-forecast/client';
import { classFor } from '../../packages/client/src/error-from-response.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../../src/common/codes.js';
import { rejectionOf } from './helpers.js';
import { problem, startStandIn, type StandIn } from './stand-in.js';

type Cls = abstract new (...a: never[]) => APIError;

describe('known codes', () => {
  it('each catalogue code gets its own class, consistent with the catalogue status\'s family', () => {
    const expected: Record<ErrorCode, Cls> = {
      API_KEY_INVALID: ApiKeyInvalidError, API_KEY_INACTIVE: ApiKeyInactiveError, API_KEY_EXPIRED: ApiKeyExpiredError,
      REQUEST_INVALID: RequestInvalidError, MODEL_NOT_AVAILABLE: ModelNotAvailableError, NOT_FOUND: APIError,
      METHOD_NOT_ALLOWED: APIError, FORECAST_ALREADY_RUNNING: ForecastAlreadyRunningError,
      MODEL_NOT_READY: ModelNotReadyError, MODEL_NAME_TAKEN: ModelNameTakenError,
      JOB_NOT_FOUND: JobNotFoundError, JOB_NOT_FINISHED: JobNotFinishedError, JOB_EXPIRED: JobExpiredError,
      API_USAGE_LIMIT: UsageLimitError, INTERNAL_ERROR: InternalServerError, SERVICE_UNAVAILABLE: ServiceUnavailableError,
    };
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE) as Array<[ErrorCode, { status: number }]>) {
      const byCode = classFor(code, entry.status);
      expect(byCode, code).toBe(expected[code]);
      // the code's class is the status family's class or a subclass of it
      const family = classFor(undefined, entry.status);
      expect(byCode === family || byCode.prototype instanceof family, code).toBe(true);
    }
  });

  it('the code wins over a status that disagrees with it (a proxy rewrote the status)', () => {
    expect(classFor('API_KEY_EXPIRED', 403)).toBe(ApiKeyExpiredError);
    expect(classFor('API_USAGE_LIMIT', 503)).toBe(UsageLimitError);
  });
});

describe('unknown future codes, answered by a stand-in', () => {
  const scenarios: Array<{ status: number; code?: string; expect: Cls }> = [
    { status: 401, code: 'API_KEY_REVOKED', expect: AuthenticationError },
    { status: 400, code: 'SERIES_TOO_WILD', expect: RequestInvalidError },
    { status: 413, expect: RequestInvalidError },
    { status: 429, code: 'ORG_MONTHLY_LIMIT', expect: UsageLimitError },
    { status: 503, code: 'REGION_DRAINING', expect: ServiceUnavailableError },
    { status: 504, expect: ServiceUnavailableError },
    { status: 507, code: 'DISK_FULL', expect: InternalServerError },
    { status: 418, code: 'TEAPOT', expect: APIError },
  ];
  let s: StandIn;
  let next = 0;
  beforeAll(async () => {
    s = await startStandIn((_req, res) => {
      const sc = scenarios[next++]!;
      problem(res, sc.status, { ...(sc.code ? { code: sc.code } : {}), title: 'Something', detail: `scenario ${sc.status}`, request_id: `req_${sc.status}` });
    });
  });
  afterAll(async () => { await s.close(); });

  it('lands each in its status family, keeping the unknown code, detail and request id', async () => {
    const c = new TempoClient({ apiKey: 'tempo-AAAAAAAAAAAAAAAA-secret', baseUrl: s.url, maxRetries: 0 });
    for (const sc of scenarios) {
      const err = await rejectionOf(c.validate()) as APIError;
      expect(err, `${sc.status} ${sc.code}`).toBeInstanceOf(sc.expect);
      expect(err.name).toBe(sc.expect.name);
      expect([err.status, err.code, err.detail, err.requestId]).toEqual([sc.status, sc.code, `scenario ${sc.status}`, `req_${sc.status}`]);
    }
  });
});

describe('portability', () => {
  it('the client package imports nothing host-specific: only relative modules inside its sources and src/common', () => {
    const client = join(import.meta.dirname, '../../packages/client/src');
    const common = join(import.meta.dirname, '../../src/common');
    const files = [
      ...readdirSync(client, { recursive: true, encoding: 'utf8' }).map((f) => join(client, f)),
      ...readdirSync(common).map((f) => join(common, f)),
    ].filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
      for (const spec of specifiers) {
        expect(spec, `${f} imports ${spec}`).toMatch(/^\.\.?\//);
        expect(spec, `${f} imports ${spec}`).toMatch(/\.js$/);
      }
      expect(text, f).not.toMatch(/\bprocess\.|\bBuffer\b|\brequire\(/);
    }
  });
});
