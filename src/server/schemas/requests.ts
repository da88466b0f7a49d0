// Every request body the API takes, compiled once per bounds: the routes check bodies with these,
// the OpenAPI document publishes their schemas, and the CLI checks a tuning file with the same one.
import type { Config } from '../../config/config.js';
import { compiledOnce } from '../middleware/compiled-once.js';
import { compileRequest, type CompiledRequest } from '../validation/request-check.js';
import { compileTree, namesOf } from '../validation/schema-tree.js';
import { anomaliesRequest, type AcceptedAnomalies } from './anomalies-request.js';
import { batchRequest, type AcceptedBatch } from './batch-request.js';
import { crossValidationRequest, type AcceptedCrossValidation } from './cross-validation-request.js';
import { crossValidationBatchRequest } from './cross-validation-batch-request.js';
import { forecastRequest, type AcceptedForecast } from './forecast-request.js';
import { jobBodyFields, jobQuery, type JobQuery } from './job-request.js';
import { tunedModelRequest, type AcceptedTunedModel } from './tuned-model-request.js';

/** The bounds the request bodies depend on. */
export type RequestBounds = Pick<Config, 'bounds' | 'batchBounds' | 'tuning'>;

export interface Requests {
  forecast: CompiledRequest<AcceptedForecast>;
  batch: CompiledRequest<AcceptedBatch>;
  crossValidation: CompiledRequest<AcceptedCrossValidation>;
  crossValidationBatch: CompiledRequest<AcceptedBatch>;
  anomalies: CompiledRequest<AcceptedAnomalies>;
  tunedModel: CompiledRequest<AcceptedTunedModel>;
  /** POST /{model}/v1/jobs' query (its body is a batch's series, checked one at a time with `batch`). */
  jobQuery: CompiledRequest<JobQuery>;
  /** A JSON job body's fields beside `series`, checked as a body. */
  jobFields: CompiledRequest<JobQuery>;
}

/** Every request body for these bounds, compiled (once per distinct bounds in a process; the rest of a config does not count). */
export function compileRequests({ bounds, batchBounds, tuning }: RequestBounds): Requests {
  return compileFor({ bounds, batchBounds, tuning });
}

const compileFor = compiledOnce(({ bounds, batchBounds, tuning }: RequestBounds): Requests => {
  const defs = {
    forecast: forecastRequest(bounds),
    batch: batchRequest(bounds, batchBounds),
    crossValidation: crossValidationRequest(bounds),
    crossValidationBatch: crossValidationBatchRequest(bounds, batchBounds),
    anomalies: anomaliesRequest(bounds),
    tunedModel: tunedModelRequest(bounds, tuning),
    jobQuery: jobQuery(bounds),
    jobFields: jobBodyFields(bounds),
  };
  const trees = Object.fromEntries(Object.entries(defs).map(([k, d]) => [k, compileTree(d.schema, (d as { source?: 'body' | 'query' }).source)]));
  // a name one body uses is a word of the API, which any answer may name back
  const vocabulary = new Set<string>();
  for (const tree of Object.values(trees)) namesOf(tree, vocabulary);
  return {
    forecast: compileRequest(defs.forecast, vocabulary, trees.forecast),
    batch: compileRequest(defs.batch, vocabulary, trees.batch),
    crossValidation: compileRequest(defs.crossValidation, vocabulary, trees.crossValidation),
    crossValidationBatch: compileRequest(defs.crossValidationBatch, vocabulary, trees.crossValidationBatch),
    anomalies: compileRequest(defs.anomalies, vocabulary, trees.anomalies),
    tunedModel: compileRequest(defs.tunedModel, vocabulary, trees.tunedModel),
    jobQuery: compileRequest(defs.jobQuery, vocabulary, trees.jobQuery),
    jobFields: compileRequest(defs.jobFields, vocabulary, trees.jobFields),
  };
});
