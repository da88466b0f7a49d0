// Command-line options of `npm run eval`.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { MODEL_IDS, type CoreModelName } from '../packages/core/src/abi.js';

export interface EvalArgs {
  data: string;
  /** true when --data was not given and `data` is the default folder. */
  dataIsDefault: boolean;
  blind: boolean;
  /** blind, but with dates synthesised from the file's frequency and the calendar's periods as hints. */
  calendar: boolean;
  model: CoreModelName;
  out: string;
  /** only groups whose "source/frequency" name contains this text (for quick partial runs). */
  group?: string;
  /** score the window this many horizons before each series' test (0: the test itself); see origin.ts. */
  origin: number;
  /** how the season is given: the CSV's (told), none (blind), or dates (calendar); names the report. */
  mode: 'told' | 'blind' | 'calendar';
  /** also write the summary to docs/results/, where the docs' tables are rendered from (eval/publish.ts). */
  publish: boolean;
}

export const USAGE = `usage: npm run eval -- [--data DIR] [--blind | --calendar] [--model NAME] [--out FILE] [--group TEXT] [--origin K] [--publish]
  --data DIR    folder of competition CSVs (default datasets/dev in the repository); a file in the
                exogenous format (datasets/exogenous/README.md) is forecast with its regressors and
                again without them, beside R's scores from its ANCHORS.md
  --blind       do not tell the model the season length (the core detects the period)
  --calendar    blind, but the series carry dates made from the file's frequency, and the calendar's
                seasonal periods go to the core as hints it still tests (a dated request)
  --model NAME  ${Object.keys(MODEL_IDS).join('|')} (default tempo)
  --out FILE    JSON report (default eval/results/<model>-<told|blind|calendar>[-origin<K>].json)
  --group TEXT  only series whose group (e.g. M4/Hourly) contains TEXT
  --origin K    score the h values K horizons before each test instead (the training ends there;
                series left with fewer than 2h values are skipped; R's scores are not shown)
  --publish     also write the summary to docs/results/ (a folder of datasets/, every series), where
                the docs' tables come from; then \`npm run docs:tables\` renders them`;

/** Parses argv (without node and script) against the repo root; throws with a usage-worthy message. */
export function parseEvalArgs(argv: string[], root: string): EvalArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' },
      blind: { type: 'boolean', default: false },
      calendar: { type: 'boolean', default: false },
      model: { type: 'string', default: 'tempo' },
      out: { type: 'string' },
      group: { type: 'string' },
      origin: { type: 'string', default: '0' },
      publish: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) throw new Error(USAGE);
  const model = values.model as string;
  if (!(model in MODEL_IDS)) throw new Error(`unknown model "${model}"\n${USAGE}`);
  const calendar = values.calendar === true;
  const blind = values.blind === true || calendar;
  if (values.blind === true && calendar) throw new Error(`--blind and --calendar are two different modes: pick one\n${USAGE}`);
  const origin = Number(values.origin);
  if (!/^\d+$/.test(values.origin as string) || !Number.isSafeInteger(origin)) {
    throw new Error(`--origin takes a whole number of horizons (0, 1, 2, ...), not "${values.origin}"\n${USAGE}`);
  }
  const mode: EvalArgs['mode'] = calendar ? 'calendar' : blind ? 'blind' : 'told';
  return {
    data: values.data ?? join(root, 'datasets', 'dev'),
    dataIsDefault: values.data === undefined,
    blind,
    calendar,
    model: model as CoreModelName,
    out: values.out ?? join(root, 'eval', 'results', `${model}-${mode}${origin > 0 ? `-origin${origin}` : ''}.json`),
    group: values.group,
    origin,
    mode,
    publish: values.publish === true,
  };
}
