// Command-line options of `npm run eval`.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { MODEL_IDS, type CoreModelName } from '../src/core/abi.js';

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
}

export const USAGE = `usage: npm run eval -- [--data DIR] [--blind | --calendar] [--model NAME] [--out FILE] [--group TEXT]
  --data DIR    folder of competition CSVs (default ../shared/data/dev beside the repo root)
  --blind       do not tell the model the season length (the core detects the period)
  --calendar    blind, but the series carry dates made from the file's frequency, and the calendar's
                seasonal periods go to the core as hints it still tests (a dated request)
  --model NAME  ${Object.keys(MODEL_IDS).join('|')} (default tempo)
  --out FILE    JSON report (default eval/results/<model>-<told|blind|calendar>.json)
  --group TEXT  only series whose group (e.g. M4/Hourly) contains TEXT`;

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
  return {
    data: values.data ?? join(root, '..', 'shared', 'data', 'dev'),
    dataIsDefault: values.data === undefined,
    blind,
    calendar,
    model: model as CoreModelName,
    out: values.out ?? join(root, 'eval', 'results', `${model}-${calendar ? 'calendar' : blind ? 'blind' : 'told'}.json`),
    group: values.group,
  };
}
