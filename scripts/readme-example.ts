// `npm run readme:example`: runs the README's first forecast on a real server and writes the request,
// its answer and a chart of it into README.md and docs/first-forecast.svg.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_BODY, runExample } from './readme-example/run.js';
import { renderBlock, renderSvg, replaceBlock, type ForecastAnswer } from './readme-example/render.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = await runExample();
if (run.status !== 200) throw new Error(`the example forecast answered ${run.status}: ${run.text}`);
const answer = JSON.parse(run.text) as ForecastAnswer;
const readmePath = join(root, 'README.md');
writeFileSync(readmePath, replaceBlock(readFileSync(readmePath, 'utf8'), renderBlock(answer)));
writeFileSync(join(root, 'docs', 'first-forecast.svg'), renderSvg(EXAMPLE_BODY.series, answer));
console.log('README.md and docs/first-forecast.svg updated');
