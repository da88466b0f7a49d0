// `npm run eval -- --publish`: the run's summary (its group tables, not every series) goes to
// docs/results/eval-<data>-<mode>[-<model>][-origin<K>].json, where the docs' accuracy tables are
// rendered from. Only a whole run over a folder of this repository's datasets/ may be published,
// so that every published number can be measured again from a clone.
import { basename, dirname, relative, resolve, sep } from 'node:path';
import type { EvalArgs } from './args.js';
import type { GroupRow } from './report.js';
import type { ScaledRow } from './scaled_report.js';
import type { ExogenousRow } from './exogenous_report.js';

/** What a published eval result holds. */
export interface EvalSummary {
  model: string;
  mode: EvalArgs['mode'];
  origin: number;
  /** the data folder, relative to the repository root */
  data: string;
  series: number;
  abiVersion: number;
  groups: GroupRow[];
  scaled: ScaledRow[];
  /** the exogenous format's comparison: with and without the regressors, beside R */
  exogenous?: ExogenousRow[];
  components: Record<string, number>;
}

/** The result's name in docs/results/ for these arguments. */
export function publishedName(args: Pick<EvalArgs, 'data' | 'mode' | 'model' | 'origin'>): string {
  return `eval-${basename(args.data)}-${args.mode}${args.model === 'tempo' ? '' : `-${args.model}`}${args.origin > 0 ? `-origin${args.origin}` : ''}`;
}

/** The command that measures a published result again, from the repository root. */
export function evalCommand(args: Pick<EvalArgs, 'data' | 'mode' | 'model' | 'origin'>, root: string): string {
  const parts = ['npm run eval --', '--data', relative(root, resolve(args.data))];
  if (args.mode !== 'told') parts.push(`--${args.mode}`);
  if (args.model !== 'tempo') parts.push('--model', args.model);
  if (args.origin > 0) parts.push('--origin', String(args.origin));
  return parts.join(' ');
}

/** Null when these arguments may be published; otherwise why not. */
export function publishProblem(args: EvalArgs, root: string): string | null {
  if (args.group !== undefined) return '--publish needs every series: drop --group';
  const datasets = resolve(root, 'datasets');
  const data = resolve(args.data);
  if (dirname(data) !== datasets) return `--publish needs a folder of ${relative(process.cwd(), datasets) || 'datasets'}${sep} (got ${args.data}): published numbers must be measurable from a clone`;
  return null;
}
