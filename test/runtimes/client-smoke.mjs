// Runs the built client package (packages/client/dist, the bundle the CLI loads too) under whichever runtime executes this file — Bun or
// Deno — against the server named in TEMPO_URL, and prints what it saw as one JSON line for
// runtimes.test.ts. The same calls a Node program makes; only the runtime differs.
import { TempoClient, ApiKeyInactiveError, ApiKeyInvalidError, RequestInvalidError } from '../../packages/client/dist/index.js';

const env = globalThis.Deno ? (k) => globalThis.Deno.env.get(k) : (k) => globalThis.process.env[k];
const baseUrl = env('TEMPO_URL');
const good = new TempoClient({ apiKey: env('TEMPO_KEY'), baseUrl, maxRetries: 0 });

async function failure(p) {
  try { await p; return null; } catch (err) { return { name: err.constructor.name, code: err.code, message: String(err) }; }
}

const validate = await good.validate();
const fc = await good.forecast({ series: [112, 118, 132, 129, null, 135, 148, 148, 136, 119, 104, 118], horizon: 3, level: [80] });
const models = await good.models();
const invalid = await failure(new TempoClient({ apiKey: env('TEMPO_KEY') + 'x', baseUrl, maxRetries: 0 }).validate());
const inactive = await failure(new TempoClient({ apiKey: env('TEMPO_DISABLED_KEY'), baseUrl, maxRetries: 0 }).validate());
const badBody = await failure(good.forecast({ series: [1, 2, 3], horizon: 0 }));
const classes = {
  invalid: invalid !== null && (await new TempoClient({ apiKey: 'tempo-x-y', baseUrl, maxRetries: 0 }).validate().catch((e) => e)) instanceof ApiKeyInvalidError,
  inactive: (await new TempoClient({ apiKey: env('TEMPO_DISABLED_KEY'), baseUrl, maxRetries: 0 }).validate().catch((e) => e)) instanceof ApiKeyInactiveError,
  badBody: (await good.forecast({ series: [1], horizon: 0 }).catch((e) => e)) instanceof RequestInvalidError,
};
console.log(JSON.stringify({
  runtime: globalThis.Deno ? 'deno' : 'bun',
  validate: { valid: validate.valid, keyId: validate.keyId, organizationId: validate.organizationId },
  forecast: fc.forecast, intervals: fc.intervals, remaining: good.lastRateLimit?.remaining ?? null,
  models: models.models.map((m) => m.name),
  invalid, inactive, badBody, classes,
}));
