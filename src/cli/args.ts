// One parseArgs call per command, with the flags every command shares, and its errors turned into
// usage errors that name the command.
import { parseArgs } from 'node:util';
import { quoted } from '../common/caller-text.js';
import { UsageError } from './io.js';

type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export const COMMON_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'data-dir': { type: 'string' },
  // an absent data directory is a typo until the operator says otherwise
  create: { type: 'boolean' },
} as const;

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Parses `argv` against the command's options plus the common ones; throws UsageError. */
export function parseCommand(command: string, argv: string[], options: OptionSpec, positionals: number, help: string): Parsed {
  let parsed: Parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, strict: true, allowPositionals: positionals > 0 }) as Parsed;
  } catch (err) {
    throw new UsageError(`${command}: ${(err as Error).message}`, help);
  }
  if (parsed.values.help !== true && parsed.positionals.length > positionals) {
    throw new UsageError(`${command}: unexpected argument ${quoted(parsed.positionals[positionals], '(not repeated here: it could be a pasted secret)')}`, help);
  }
  return parsed;
}

/** The string value of a flag the command cannot do without; throws UsageError when missing. */
export function required(parsed: Parsed, flag: string, command: string, help: string): string {
  const v = parsed.values[flag];
  if (typeof v !== 'string' || v === '') throw new UsageError(`${command}: --${flag} is required`, help);
  return v;
}

/** A flag's optional string value. */
export function optional(parsed: Parsed, flag: string): string | undefined {
  const v = parsed.values[flag];
  return typeof v === 'string' ? v : undefined;
}

/** A positive whole-number flag, or undefined when absent; throws UsageError. */
export function positiveInt(parsed: Parsed, flag: string, command: string, help: string): number | undefined {
  const v = optional(parsed, flag);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < 1 || !Number.isSafeInteger(Number(v))) {
    throw new UsageError(`${command}: --${flag} must be a whole number of at least 1 (got ${quoted(v, 'something else')})`, help);
  }
  return Number(v);
}

/** Most quantiles one run may ask for (the API's bound). */
export const MAX_QUANTILES = 20;

/** `--quantiles 0.1,0.5,0.9`: 1 to 20 distinct probabilities strictly between 0 and 1, or undefined when absent; throws UsageError. */
export function quantilesFlag(parsed: Parsed, command: string, help: string): number[] | undefined {
  const text = optional(parsed, 'quantiles');
  if (text === undefined) return undefined;
  const parts = text.split(',').map((s) => s.trim());
  const out = parts.map(Number);
  if (parts.some((s) => s === '') || out.some((q) => !(q > 0 && q < 1)) || new Set(out).size !== out.length || out.length > MAX_QUANTILES) {
    throw new UsageError(`${command}: --quantiles must be 1 to ${MAX_QUANTILES} distinct numbers between 0 and 1, comma-separated, e.g. 0.1,0.5,0.9 (got ${quoted(text, 'something else')})`, help);
  }
  return out;
}
