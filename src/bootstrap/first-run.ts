// The first start of an empty installation: make one key so the service is usable at once, and say
// how to call it. Later starts find keys and stay silent, so a key is never printed twice.
import type { Config } from '../config/config.js';
import type { Store } from '../store/types.js';
import { createApiKey } from '../keys/create.js';
import { sqlitePath } from '../store/open.js';
import { redactUrl } from '../config/redact-url.js';

// Four years of the classic airline series: long enough that the yearly season is detected, so
// the first forecast a new user sees is seasonal, not a flat line.
const SAMPLE = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149,
  170, 170, 158, 133, 114, 140, 145, 150, 178, 163, 172, 178, 199, 199, 184, 162, 146, 166, 171, 180,
  193, 181, 183, 218, 230, 242, 209, 191, 172, 194];

export const FIRST_RUN_ORGANIZATION = 'default';
export const FIRST_RUN_PROJECT = 'default';
export const FIRST_RUN_USER = 'admin';
export const FIRST_RUN_KEY_NAME = 'development key';

/**
 * When the store holds no keys, creates organization `default` (project `default`, user `admin`)
 * with one key and returns a message holding the key, a curl example against `baseUrl` and where
 * the data lives; returns null when any key exists.
 */
export async function ensureFirstRunKey(store: Store, config: Pick<Config, 'dataDir' | 'databaseUrl' | 'keyPepper' | 'defaultRatePerMinute' | 'defaultRatePerHour'>, baseUrl: string): Promise<string | null> {
  if (await store.countKeys() > 0) return null;
  const { fullKey, record } = await createApiKey(store, {
    organizationId: FIRST_RUN_ORGANIZATION,
    projectId: FIRST_RUN_PROJECT,
    userId: FIRST_RUN_USER,
    name: FIRST_RUN_KEY_NAME,
    rateLimitPerMinute: config.defaultRatePerMinute,
    rateLimitPerHour: config.defaultRatePerHour,
  }, config.keyPepper);
  const origin = baseUrl.replace(/\/+$/, '');
  return [
    'First run: no API keys existed, so one was created.',
    '',
    `  API key: ${fullKey}`,
    '',
    'It is shown only this once; only its hash is stored. Keep it somewhere safe.',
    `Organization "${record.organizationId}", project "${record.projectId}", user "${record.userId}", `
      + `${record.rateLimitPerMinute} requests/minute, ${record.rateLimitPerHour} requests/hour.`,
    '',
    'Try it:',
    `  curl -s ${origin}/tempo/v1/forecast -H "Authorization: Bearer ${fullKey}" -H "Content-Type: application/json" `
      + `-d '{"series":[${SAMPLE.join(',')}],"horizon":12}'`,
    '',
    `Or sign in with the key at ${origin}/platform/settings/models and try the playground.`,
    '',
    `Keys and models are stored in ${config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : sqlitePath(config)}.`,
    'Manage keys with: npm run tempo -- keys --help',
  ].join('\n');
}
