// Every suite `npm run bench` runs, in order, by the name `npm run bench -- NAME` runs it alone.
import { coreSuite } from './core.bench.js';
import { boundarySuite } from './boundary.bench.js';
import { etsKernelSuite } from './ets-kernel.bench.js';
import { etsLanesSuite } from './ets-lanes.bench.js';
import { httpSuite } from './http.bench.js';
import { backtestSuite } from './backtest.bench.js';
import { batchSuite } from './batch.bench.js';
import { batchDatesSuite } from './batch-dates.bench.js';
import { cvBatchSuite } from './cv-batch.bench.js';
import { tunedBodySuite } from './tuned-body.bench.js';
import { costlyBodiesSuite } from './costly-bodies.bench.js';
import { bombsSuite } from './bombs.bench.js';
import { jobsSuite } from './jobs.bench.js';
import type { SuiteResult } from './harness.js';

export const SUITES: Array<[string, () => Promise<SuiteResult>]> = [
  ['boundary', boundarySuite],
  ['ets-kernel', etsKernelSuite],
  ['ets-lanes', etsLanesSuite],
  ['core', coreSuite],
  ['http', httpSuite],
  ['backtest', backtestSuite],
  ['batch', batchSuite],
  ['batch-dates', batchDatesSuite],
  ['cv-batch', cvBatchSuite],
  ['tuned-body', tunedBodySuite],
  ['costly-bodies', costlyBodiesSuite],
  ['bombs', bombsSuite],
  ['jobs', jobsSuite],
];
