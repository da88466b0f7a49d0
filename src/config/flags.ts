// The command-line flags that feed loadConfig, parsed one way for `tempo serve` and `npm start`.
import { parseArgs } from 'node:util';
import type { Flags } from './config.js';

/** parseArgs option table for the configuration flags (--host, --port, --data-dir, --job-workers). */
export const CONFIG_FLAG_OPTIONS = {
  host: { type: 'string' },
  port: { type: 'string' },
  'data-dir': { type: 'string' },
  'job-workers': { type: 'string' },
} as const;

/** Parses --host/--port/--data-dir/--job-workers from argv for loadConfig; throws (ERR_PARSE_ARGS_*) on unknown flags. */
export function parseConfigFlags(argv: string[]): Flags {
  const { values } = parseArgs({ args: argv, options: CONFIG_FLAG_OPTIONS, strict: true, allowPositionals: false });
  return values;
}
