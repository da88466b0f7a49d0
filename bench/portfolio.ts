// Rebuilds the planted portfolio (bench/portfolio-file.ts) and holds `tempo forecast --file` to it:
// with --on-invalid skip every valid series is forecast and each planted defect is listed by its id;
// with --fill-missing too, the series with absent months are forecast as well. Prints the numbers
// and exits non-zero when a check fails.
//   node --import tsx bench/portfolio.ts [--keep DIR] [--workers N]
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from '../src/cli/main.js';
import { plantedPortfolio, PORTFOLIO_SERIES } from './portfolio-file.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const keep = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : undefined;
const workers = args.includes('--workers') ? args[args.indexOf('--workers') + 1] : '2';
const dir = keep ?? mkdtempSync(join(tmpdir(), 'tempo-portfolio-'));
mkdirSync(dir, { recursive: true });

const built = plantedPortfolio(root);
const file = join(dir, 'portfolio.csv');
writeFileSync(file, built.csv);
const { defects } = built;
console.log(`portfolio: ${built.ids.length} ids (${PORTFOLIO_SERIES} products, one id used twice), ${built.csv.split('\n').length - 2} rows -> ${file}`);

async function run(argv: string[]): Promise<{ code: number; summary: Record<string, unknown>; stderr: string; seconds: number }> {
  const out: string[] = [], err: string[] = [];
  const t0 = performance.now();
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: {} });
  const seconds = (performance.now() - t0) / 1000;
  return { code, summary: out.length > 0 ? JSON.parse(out.join('')) as Record<string, unknown> : {}, stderr: err.join('\n'), seconds };
}

const failures: string[] = [];
const check = (ok: boolean, what: string) => { console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`); if (!ok) failures.push(what); };
const forecastIds = (path: string) => new Set(readFileSync(path, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]));
const problemIds = (path: string) => new Set(readFileSync(path, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')[0]));

// 1. the default refuses the file and says why, by series
const refused = await run(['forecast', '--file', file, '--horizon', '12', '--out', join(dir, 'refused.csv'), '--workers', workers]);
check(refused.code === 1, `default (--on-invalid fail) refuses the file: exit ${refused.code}, ${refused.stderr.split('\n').length} lines of problems`);

// 2. skip: every valid series forecast, every planted defect listed by id
const skipOut = join(dir, 'skip.csv');
const skip = await run(['forecast', '--file', file, '--horizon', '12', '--level', '95', '--out', skipOut, '--on-invalid', 'skip', '--json', '--workers', workers]);
const invalid = new Set([...defects.absent, defects.corrupt, defects.duplicated]);
const valid = built.ids.filter((id) => !invalid.has(id));
const got = forecastIds(skipOut);
const listed = problemIds(String(skip.summary.problems_file));
check(skip.code === 0, `--on-invalid skip: exit ${skip.code} in ${skip.seconds.toFixed(1)} s, summary ${JSON.stringify(skip.summary)}`);
check(valid.every((id) => got.has(id)) && got.size === valid.length, `forecasts every valid series: ${got.size} of ${valid.length}`);
check(defects.absent.every((id) => listed.has(id)), `lists each of the ${defects.absent.length} series with absent months by id`);
check(listed.has(defects.corrupt), `lists the corrupt value's series ${defects.corrupt}`);
check(listed.has(defects.duplicated), `lists the duplicated id ${defects.duplicated}`);
check(listed.size === invalid.size, `lists nothing else: ${listed.size} series listed, ${invalid.size} planted`);
const problems = readFileSync(String(skip.summary.problems_file), 'utf8');
check(/is the id used by two series\?/.test(problems), 'says the duplicated id looks like two series under one id');
check([...defects.empty, ...defects.newProducts, ...defects.intermittent.slice(0, 5)].every((id) => got.has(id)), 'forecasts the series with empty values, the new products (one of a single row) and the intermittent ones');

// 3. fill-missing and skip: the absent months put back, those series forecast too
const fillOut = join(dir, 'fill.csv');
const fill = await run(['forecast', '--file', file, '--horizon', '12', '--level', '95', '--out', fillOut, '--on-invalid', 'skip', '--fill-missing', '--json', '--workers', workers]);
const filled = forecastIds(fillOut);
check(fill.code === 0, `--fill-missing --on-invalid skip: exit ${fill.code} in ${fill.seconds.toFixed(1)} s, summary ${JSON.stringify(fill.summary)}`);
check(defects.absent.every((id) => filled.has(id)), `forecasts the ${defects.absent.length} series with absent months`);
check(filled.size === built.ids.length - 2, `forecasts ${filled.size} of ${built.ids.length} ids (all but the corrupt and the duplicated)`);
console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (keep === undefined) rmSync(dir, { recursive: true, force: true });
process.exit(failures.length === 0 ? 0 : 1);
