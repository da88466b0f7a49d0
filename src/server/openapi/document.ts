// The OpenAPI 3.1 document of this server, built from the very schemas it validates requests with
// (src/server/schemas/requests.ts, compiled for the operator's configured bounds) and the response
// schemas its tests hold answers to.
import type { Config } from '../../config/config.js';
import { ERROR_CATALOGUE, errorType, type ErrorCode } from '../../common/codes.js';
import { packageVersion } from '../../config/package-version.js';
import { crossValidationBatchResponseSchema, crossValidationResponseSchema } from '../schemas/cross-validation-response.js';
import { batchResponseSchema } from '../schemas/batch-response.js';
import { anomaliesResponseSchema } from '../schemas/anomalies-response.js';
import { compileRequests } from '../schemas/requests.js';
import { tunedModelResponseSchema } from '../schemas/tuned-model-response.js';
import { jobListResponseSchema, jobResponseSchema } from '../schemas/job-response.js';
import { jobBodySchema } from '../schemas/job-request.js';
import {
  forecastResponseSchema, indexSchema, modelsResponseSchema, problemSchema, statusSchema, validateResponseSchema,
} from '../schemas/responses.js';
import { ASSET_PREFIX, SETTINGS_PAGE_PATH } from '../routes/settings-page.js';

type Responses = Record<string, unknown>;

const json = (schemaRef: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schemaRef}` } } });

// one response entry per HTTP status, listing the codes that can come with it
function problems(codes: ErrorCode[], extra: Record<number, string> = {}): Responses {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of codes) byStatus.set(ERROR_CATALOGUE[c].status, [...(byStatus.get(ERROR_CATALOGUE[c].status) ?? []), c]);
  const out: Responses = {};
  for (const [status, cs] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = {
      description: cs.map((c) => `\`${c}\` (${errorType(c)})`).join(', '),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  for (const [status, why] of Object.entries(extra)) {
    out[status] = { description: why, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };
  }
  return out;
}

const AUTH: ErrorCode[] = ['API_KEY_INVALID', 'API_KEY_INACTIVE', 'API_KEY_EXPIRED', 'API_USAGE_LIMIT', 'SERVICE_UNAVAILABLE', 'INTERNAL_ERROR'];
const modelParam = { name: 'model', in: 'path', required: true, schema: { type: 'string' }, description: '`tempo`, a built-in model, or one of your organization\'s models (see GET /v1/models)' };
const open = { security: [] as unknown[] };

// the documented defaults, for callers that build the document without a server's config
const nameParam = { name: 'name', in: 'path', required: true, schema: { type: 'string' } };
const jobIdParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'the job id POST /{model}/v1/jobs answered' };

// what every body-taking call can also answer: the size limit, and a body that is not JSON
const BODY_LIMITS = { 413: '`REQUEST_INVALID`: the body is over the size limit', 415: '`REQUEST_INVALID`: the body is not JSON' };
const COMPUTING: ErrorCode[] = [...AUTH, 'REQUEST_INVALID', 'MODEL_NOT_AVAILABLE', 'MODEL_NOT_READY', 'FORECAST_ALREADY_RUNNING'];

/**
 * A POST on a model that computes (forecast, batch, cross-validation, anomalies): the model path
 * parameter, a JSON body, one answer, and the errors every such call can give.
 */
function computingPost(op: { summary: string; operationId: string; description: string; request: string; answer: string; answers: string; moreContent?: Record<string, unknown> }) {
  return {
    post: {
      summary: op.summary, operationId: op.operationId, description: op.description,
      parameters: [modelParam],
      requestBody: { required: true, content: json(op.request) },
      responses: {
        200: { description: op.answers, content: { ...json(op.answer), ...op.moreContent } },
        ...problems(COMPUTING, BODY_LIMITS),
      },
    },
  };
}

/** The bounds the document states: the operator's, as configured. */
export type DocumentedBounds = Pick<Config, 'bounds' | 'tuning' | 'batchBounds'>;

/** The OpenAPI 3.1 document for a server with these bounds. */
export function openApiDocument(config: DocumentedBounds): Record<string, unknown> {
  // the schemas the routes compiled, not copies of them
  const requests = compileRequests(config);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tempo forecasting API',
      version: packageVersion(),
      description: 'Send a univariate series and a horizon; get the forecast back. Errors are RFC 9457 problem details; each `type` resolves to a page on this server.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ bearer: [] }],
    paths: {
      '/': { get: { ...open, summary: 'What this server is and where its documents are', operationId: 'index', responses: { 200: { description: 'index', content: json('Index') } } } },
      '/openapi.json': { get: { ...open, summary: 'This document', operationId: 'openapi', responses: { 200: { description: 'the OpenAPI document', content: { 'application/json': { schema: { type: 'object' } } } } } } },
      '/errors/{code}': {
        get: {
          ...open, summary: 'What an error code means and how to fix it (HTML, or JSON when asked)', operationId: 'errorPage',
          parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string', enum: Object.values(ERROR_CATALOGUE).map((e) => e.slug) } }],
          responses: {
            200: { description: 'the page', content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } } },
            ...problems(['NOT_FOUND']),
          },
        },
      },
      '/{model}/v1/forecast': computingPost({
        summary: 'Forecast one series', operationId: 'forecast',
        description: 'Order of checks: authenticate, model available to the key\'s organization, rate limit, body, running lock (one forecast at a time per key), compute.',
        request: 'ForecastRequest', answer: 'ForecastResponse', answers: 'the forecast',
      }),
      '/{model}/v1/forecast/batch': computingPost({
        summary: 'Forecast many series in one request', operationId: 'forecastBatch',
        description: 'Answers in request order, as one JSON object or, with `Accept: application/x-ndjson`, one line per series as soon as it is ready. One invalid series refuses the whole batch, every series\' problems listed with their pointers (e.g. `/series/17/values/3`) and ids; with `on_invalid: "skip"` each invalid series is answered in its place as `{id, error}` and the rest are forecast; a series the model itself refuses comes back as `{id, error}` too. `Content-Encoding: gzip` bodies are accepted (the size limit applies after inflation). One request for the quota; holds the running lock until the last series is answered.',
        request: 'BatchRequest', answer: 'BatchResponse', answers: 'every series, in request order',
        moreContent: { 'application/x-ndjson': { schema: { type: 'string', description: 'one JSON item per line, in request order' } } },
      }),
      '/{model}/v1/cross-validation': computingPost({
        summary: 'Backtest the model on one series (rolling origin)', operationId: 'crossValidate',
        description: 'Forecasts `windows` windows of `horizon` values, `step` apart, the last ending on the series\' last value, and scores them (MASE, sMAPE, RMSSE, interval coverage). Counts as one request and holds the running lock like a forecast; a series too short for the windows is `REQUEST_INVALID` saying how many fit.',
        request: 'CrossValidationRequest', answer: 'CrossValidationResponse', answers: 'the windows and their metrics',
      }),
      '/{model}/v1/cross-validation/batch': computingPost({
        summary: 'Backtest the model on many series in one request', operationId: 'crossValidateBatch',
        description: 'The batch body plus `windows` and `step`: every series backtested as `/cross-validation` would, answered in request order as `{id, windows, metrics}` items, as one JSON object or, with `Accept: application/x-ndjson`, one line per series as soon as it is ready. With `on_invalid: "skip"` an invalid series is answered in its place as `{id, error}`. One request for the quota; holds the running lock until the last series is answered.',
        request: 'CrossValidationBatchRequest', answer: 'CrossValidationBatchResponse', answers: 'every series\' windows and metrics, in request order',
        moreContent: { 'application/x-ndjson': { schema: { type: 'string', description: 'one JSON item per line, in request order' } } },
      }),
      '/{model}/v1/anomalies': computingPost({
        summary: 'Flag the values outside their one-step-ahead interval', operationId: 'anomalies',
        description: 'Fits the model on the whole series and lists the values outside the one-step-ahead interval at `level` (default 99). Counts as one request and holds the running lock like a forecast.',
        request: 'AnomaliesRequest', answer: 'AnomaliesResponse', answers: 'the anomalies',
      }),
      '/{model}/v1/validate': {
        get: {
          summary: 'Check a key against a model', operationId: 'validate', parameters: [modelParam],
          responses: { 200: { description: 'the key\'s record', content: json('ValidateResponse') }, ...problems([...AUTH, 'MODEL_NOT_AVAILABLE']) },
        },
      },
      '/v1/models': {
        get: {
          summary: 'The models this key\'s organization may use', operationId: 'listModels',
          responses: { 200: { description: 'the models', content: json('ModelsResponse') }, ...problems(AUTH) },
        },
        post: {
          summary: 'Tune a model on your organization\'s series', operationId: 'createModel',
          description: 'Answers 202 with `Location` at once; tuning runs in the background (rolling-origin backtests of the configurations the core offers, the pick checked on a holdout it never saw). Counts as one request.',
          requestBody: { required: true, content: json('TunedModelRequest') },
          responses: {
            202: { description: 'tuning started', content: json('TunedModel') },
            ...problems([...AUTH, 'REQUEST_INVALID', 'MODEL_NAME_TAKEN'], BODY_LIMITS),
          },
        },
      },
      '/v1/models/{name}': {
        get: {
          summary: 'A tuned model: status, progress, configuration and report', operationId: 'getModel', parameters: [nameParam],
          responses: { 200: { description: 'the tuned model', content: json('TunedModel') }, ...problems([...AUTH, 'MODEL_NOT_AVAILABLE']) },
        },
        delete: {
          summary: 'Delete one of the organization\'s own models, tuned or created (stopping its tuning)', operationId: 'deleteModel', parameters: [nameParam],
          responses: { 204: { description: 'deleted' }, ...problems([...AUTH, 'MODEL_NOT_AVAILABLE']) },
        },
      },
      '/{model}/v1/jobs': {
        post: {
          summary: 'Forecast many series in the background: a job', operationId: 'createJob',
          description: 'The body is the batch body (`application/json`, its fields, before `series`, winning over the query), NDJSON (`application/x-ndjson`, one `{"id", "values", "timestamps"?, "regressors"?}` a line) or a long CSV (`text/csv`: `unique_id,ds,y` and regressor columns, the rows of a series together); `Content-Encoding: gzip` accepted. Every form is checked and stored as it arrives; with `on_invalid=fail` the first invalid series refuses the job (`/series/{i}/…` or `line N, column C`) and nothing is queued. Answers 202 with `Location`. One request for the quota; no running lock.',
          parameters: [modelParam, ...Object.entries(requests.jobQuery.root.schema.properties as Record<string, { description?: string }>).map(([name, schema]) => ({
            name, in: 'query', required: name === 'horizon', schema, ...(schema.description ? { description: schema.description } : {}),
            ...(name === 'level' || name === 'quantiles' ? { style: 'form', explode: true } : {}),
          }))],
          requestBody: {
            required: true,
            content: {
              ...json('JobRequest'),
              'application/x-ndjson': { schema: { type: 'string', description: 'one series object a line' } },
              'text/csv': { schema: { type: 'string', description: 'unique_id,ds,y (or id,timestamp,value) and regressor columns' } },
            },
          },
          responses: {
            202: { description: 'accepted: stored and queued', content: json('Job') },
            ...problems([...AUTH, 'REQUEST_INVALID', 'MODEL_NOT_AVAILABLE'], { 413: '`REQUEST_INVALID`: the upload is over the size limit or the job over the series limit', 415: '`REQUEST_INVALID`: the body is not JSON, NDJSON or CSV' }),
          },
        },
      },
      '/v1/jobs': {
        get: {
          summary: 'Your organization\'s jobs, newest first', operationId: 'listJobs',
          parameters: [
            { name: 'cursor', in: 'query', required: false, schema: { type: 'string' }, description: 'the next_cursor of the page before' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 } },
          ],
          responses: { 200: { description: 'a page of jobs', content: json('JobList') }, ...problems([...AUTH, 'REQUEST_INVALID']) },
        },
      },
      '/v1/jobs/{id}': {
        get: {
          summary: 'A job: status, progress, times, errors', operationId: 'getJob', parameters: [jobIdParam],
          responses: { 200: { description: 'the job', content: json('Job') }, ...problems([...AUTH, 'JOB_NOT_FOUND']) },
        },
        delete: {
          summary: 'Cancel a job and delete its inputs and results', operationId: 'deleteJob', parameters: [jobIdParam],
          responses: { 204: { description: 'cancelled (what had not run) and deleted' }, ...problems([...AUTH, 'JOB_NOT_FOUND']) },
        },
      },
      '/v1/jobs/{id}/results': {
        get: {
          summary: 'A succeeded job\'s results, in input order', operationId: 'jobResults', parameters: [jobIdParam],
          description: '`text/csv` (unique_id,ds,forecast,lo-95,hi-95,…,q-0.1,…; a series the job could not forecast has no rows) or, with `Accept: application/x-ndjson`, one batch answer item per series. Streamed.',
          responses: {
            200: { description: 'the results', content: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } } },
            ...problems([...AUTH, 'JOB_NOT_FOUND', 'JOB_NOT_FINISHED', 'JOB_EXPIRED']),
          },
        },
      },
      '/healthz': { get: { ...open, summary: 'Liveness', operationId: 'healthz', responses: { 200: { description: 'up', content: json('Status') } } } },
      '/readyz': {
        get: {
          ...open, summary: 'Readiness: stores reachable, core loaded, not draining', operationId: 'readyz',
          responses: { 200: { description: 'ready', content: json('Status') }, ...problems(['SERVICE_UNAVAILABLE']) },
        },
      },
      '/metrics': { get: { ...open, summary: 'Prometheus metrics', operationId: 'metrics', responses: { 200: { description: 'text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } } } } },
      [SETTINGS_PAGE_PATH]: { get: { ...open, summary: 'The settings page and playground (HTML)', operationId: 'settingsPage', responses: { 200: { description: 'the page', content: { 'text/html': { schema: { type: 'string' } } } } } } },
      [`${ASSET_PREFIX}/{version}/{file}`]: {
        get: {
          ...open, summary: 'A hashed asset of the settings page', operationId: 'settingsAsset',
          parameters: [{ name: 'version', in: 'path', required: true, schema: { type: 'string' } }, { name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'the asset' }, ...problems(['NOT_FOUND']) },
        },
      },
      [`${ASSET_PREFIX}/{version}/{dir}/{file}`]: {
        get: {
          ...open, summary: 'A hashed asset of the settings page, in a folder', operationId: 'settingsAssetInDir',
          parameters: ['version', 'dir', 'file'].map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
          responses: { 200: { description: 'the asset' }, ...problems(['NOT_FOUND']) },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'an API key from `tempo keys create`' } },
      schemas: {
        ForecastRequest: requests.forecast.root.schema,
        BatchRequest: requests.batch.root.schema,
        BatchResponse: batchResponseSchema,
        ForecastResponse: forecastResponseSchema,
        CrossValidationRequest: requests.crossValidation.root.schema,
        CrossValidationResponse: crossValidationResponseSchema,
        CrossValidationBatchRequest: requests.crossValidationBatch.root.schema,
        CrossValidationBatchResponse: crossValidationBatchResponseSchema,
        AnomaliesRequest: requests.anomalies.root.schema,
        AnomaliesResponse: anomaliesResponseSchema,
        TunedModelRequest: requests.tunedModel.root.schema,
        TunedModel: tunedModelResponseSchema,
        JobRequest: jobBodySchema(config.bounds, config.batchBounds),
        Job: jobResponseSchema,
        JobList: jobListResponseSchema,
        Problem: problemSchema,
        ValidateResponse: validateResponseSchema,
        ModelsResponse: modelsResponseSchema,
        Status: statusSchema,
        Index: indexSchema,
      },
    },
  };
}
