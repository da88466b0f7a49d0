// Every generated block a document may hold, by name: what renders it and which published results
// (docs/results/<name>.json) it reads. A `bench-<suite>` block shows that `npm run bench` suite.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { devAccuracy, devHighFrequency, devIntervals, devMembers, devOrigins, exogenous, HIGH_FREQUENCY_RUNS, intermittent, readmeAccuracy, readmeCoverage, readmeSpeed } from './eval-tables.js';
import { anomalies, benchSuite, forecastFile, hostileTargets, periodFalseAlarms, pythonClient, tuned } from './measure-tables.js';
import { asBlock, findBlocks, type Block } from './markers.js';
import { ROOT } from './results.js';

interface BlockKind {
  results: string[];
  render(): string;
  /** a sentence fragment inside a paragraph, not a table */
  inline?: boolean;
}

const ORIGINS = ['eval-dev-told', 'eval-dev-told-origin1', 'eval-dev-told-origin2', 'eval-dev-told-origin3'];
const MEMBER_RUNS = ['ets', 'arima', 'damped', 'dotm', 'theta'].map((m) => `eval-dev-told-${m}`);

const BLOCKS: Record<string, BlockKind> = {
  'readme-accuracy': { results: ['eval-dev-told'], render: readmeAccuracy, inline: true },
  'readme-speed': { results: ['eval-dev-told'], render: readmeSpeed, inline: true },
  'readme-coverage': { results: ['eval-dev-told'], render: readmeCoverage, inline: true },
  'accuracy-dev': { results: ['eval-dev-told', 'eval-dev-blind', 'eval-dev-calendar'], render: devAccuracy },
  'accuracy-intervals': { results: ['eval-dev-told', 'eval-dev-blind'], render: devIntervals },
  'accuracy-origins': { results: ORIGINS, render: devOrigins },
  'accuracy-high-frequency': { results: HIGH_FREQUENCY_RUNS, render: devHighFrequency },
  'accuracy-members': { results: ['eval-dev-told', ...MEMBER_RUNS], render: devMembers },
  'accuracy-intermittent': { results: ['eval-intermittent-blind', 'eval-intermittent-told'], render: intermittent },
  'accuracy-exogenous': { results: ['eval-exogenous-told'], render: exogenous },
  'accuracy-periods': { results: ['periods'], render: periodFalseAlarms },
  'accuracy-tuned': { results: ['tuned'], render: () => tuned('tuned') },
  'accuracy-tuned-calendar': { results: ['tuned-calendar'], render: () => tuned('tuned-calendar') },
  'accuracy-anomalies': { results: ['anomalies'], render: anomalies },
  'forecast-file': { results: ['forecast-file'], render: forecastFile },
  'python-client': { results: ['python-client'], render: pythonClient },
  'hostile': { results: ['hostile'], render: hostileTargets },
};

function kind(name: string): BlockKind {
  const known = BLOCKS[name];
  if (known !== undefined) return known;
  const suite = /^bench-([a-z0-9-]+)$/.exec(name);
  if (suite !== null) return { results: [name], render: () => benchSuite(suite[1]) };
  throw new Error(`no generated block is called ${name}: the names are ${Object.keys(BLOCKS).join(', ')} and bench-<suite> (scripts/doc-tables/blocks.ts)`);
}

/** What block `name` holds when rendered from the published results. */
export function renderBlock(name: string): string {
  const k = kind(name);
  return k.inline === true ? k.render() : asBlock(k.render());
}

/** The published results block `name` reads. */
export function resultsOf(name: string): string[] {
  return kind(name).results;
}

/** The documents that may hold generated blocks: the README, CONTRIBUTING.md and docs/*.md. */
export function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f));
  return [join(ROOT, 'README.md'), join(ROOT, 'CONTRIBUTING.md'), ...docs.sort()];
}

/** Every generated block of every document, with the document's path relative to the root. */
export function allBlocks(): Array<Block & { file: string }> {
  return documents().flatMap((path) => {
    const file = relative(ROOT, path);
    return findBlocks(readFileSync(path, 'utf8'), file).map((b) => ({ ...b, file }));
  });
}
