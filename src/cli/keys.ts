// `tempo keys …`: create, list, disable and enable API keys in the configured store.
import type { KeyRecord } from '../store/types.js';
import type { KeyEnv, ValidateResponseBody } from '../common/types.js';
import { createApiKey } from '../keys/create.js';
import { quoted } from '../common/caller-text.js';
import { displayKey, isKeyId } from '../keys/format.js';
import { CommandFailure, UsageError, table, type CliIO } from './io.js';
import { optional, parseCommand, positiveInt, required } from './args.js';
import { withStore } from './context.js';
import { KEYS_CREATE_HELP, KEYS_HELP, KEYS_LIST_HELP, KEYS_STATUS_HELP } from './usage.js';

/** A key record in the shape GET /v1/validate answers with. */
export function validateFields(r: KeyRecord): ValidateResponseBody {
  return {
    valid: true, key_id: r.keyId, status: r.status, env: r.env, project_id: r.projectId,
    organization_id: r.organizationId, user_id: r.userId, product_id: r.productId, name: r.name,
    expires_at: r.expiresAt, rate_limit_per_minute: r.rateLimitPerMinute, rate_limit_per_hour: r.rateLimitPerHour,
  };
}

function listed(r: KeyRecord) {
  return {
    display: displayKey(r.keyId, r.last4), key_id: r.keyId, status: r.status, env: r.env,
    organization_id: r.organizationId, project_id: r.projectId, user_id: r.userId, name: r.name,
    expires_at: r.expiresAt, rate_limit_per_minute: r.rateLimitPerMinute, rate_limit_per_hour: r.rateLimitPerHour,
    created_at: r.createdAt,
  };
}

async function create(argv: string[], io: CliIO): Promise<number> {
  const p = parseCommand('keys create', argv, {
    org: { type: 'string' }, project: { type: 'string' }, user: { type: 'string' }, name: { type: 'string' },
    rpm: { type: 'string' }, rph: { type: 'string' }, expires: { type: 'string' }, env: { type: 'string' },
  }, 0, KEYS_CREATE_HELP);
  if (p.values.help === true) return help(io, KEYS_CREATE_HELP);
  const h = KEYS_CREATE_HELP;
  const opts = {
    organizationId: required(p, 'org', 'keys create', h),
    projectId: required(p, 'project', 'keys create', h),
    userId: required(p, 'user', 'keys create', h),
    name: required(p, 'name', 'keys create', h),
    rateLimitPerMinute: positiveInt(p, 'rpm', 'keys create', h),
    rateLimitPerHour: positiveInt(p, 'rph', 'keys create', h),
    expiresAt: optional(p, 'expires') ?? null,
    env: (optional(p, 'env') ?? 'live') as KeyEnv,
  };
  if (opts.env !== 'live' && opts.env !== 'test') throw new UsageError(`keys create: --env must be live or test (got ${quoted(String(opts.env), 'something else')})`, h);
  return withStore(p, io, async (store, config) => {
    const { fullKey, record } = await createApiKey(store, {
      ...opts,
      rateLimitPerMinute: opts.rateLimitPerMinute ?? config.defaultRatePerMinute,
      rateLimitPerHour: opts.rateLimitPerHour ?? config.defaultRatePerHour,
    }, config.keyPepper);
    if (p.values.json === true) {
      io.out(JSON.stringify({ key: fullKey, ...validateFields(record) }));
    } else {
      io.out([
        fullKey,
        '',
        'Save this key now: it is shown only once (only its hash is stored).',
        `  key_id        ${record.keyId}`,
        `  organization  ${record.organizationId}`,
        `  project       ${record.projectId}`,
        `  user          ${record.userId}`,
        `  name          ${record.name}`,
        `  env           ${record.env}`,
        `  expires       ${record.expiresAt ?? 'never'}`,
        `  limits        ${record.rateLimitPerMinute}/minute, ${record.rateLimitPerHour}/hour`,
      ].join('\n'));
    }
    return 0;
  });
}

async function list(argv: string[], io: CliIO): Promise<number> {
  const p = parseCommand('keys list', argv, { org: { type: 'string' } }, 0, KEYS_LIST_HELP);
  if (p.values.help === true) return help(io, KEYS_LIST_HELP);
  return withStore(p, io, async (store) => {
    const keys = await store.listKeys(optional(p, 'org'));
    if (p.values.json === true) {
      io.out(JSON.stringify({ keys: keys.map(listed) }));
    } else if (keys.length === 0) {
      io.out('No keys.');
    } else {
      io.out(table(['KEY', 'STATUS', 'ENV', 'ORG', 'PROJECT', 'USER', 'EXPIRES', 'RPM', 'RPH', 'NAME'], keys.map((k) => [
        displayKey(k.keyId, k.last4), k.status, k.env, k.organizationId, k.projectId, k.userId,
        k.expiresAt ?? 'never', String(k.rateLimitPerMinute), String(k.rateLimitPerHour), k.name,
      ])));
    }
    return 0;
  });
}

// Accepts the key_id itself, a listed key (tempo-<id>-…abcd) or a full key: people paste what they have.
function keyIdFrom(arg: string): string | null {
  if (isKeyId(arg)) return arg;
  const m = /^tempo-([0-9A-Za-z]{16})-/.exec(arg);
  return m === null ? null : m[1];
}

async function setStatus(argv: string[], io: CliIO, verb: 'disable' | 'enable'): Promise<number> {
  const command = `keys ${verb}`;
  const p = parseCommand(command, argv, {}, 1, KEYS_STATUS_HELP);
  if (p.values.help === true) return help(io, KEYS_STATUS_HELP);
  const arg = p.positionals[0];
  if (arg === undefined) throw new UsageError(`${command}: KEY_ID is required`, KEYS_STATUS_HELP);
  const keyId = keyIdFrom(arg);
  if (keyId === null) throw new UsageError(`${command}: ${quoted(arg, 'the argument (not repeated here: it could be a pasted secret)')} is not a key_id (16 letters and digits)`, KEYS_STATUS_HELP);
  const status = verb === 'disable' ? 'inactive' : 'active';
  return withStore(p, io, async (store) => {
    if (!await store.setKeyStatus(keyId, status)) throw new CommandFailure(`${command}: no key with key_id ${keyId}`);
    const record = (await store.getKey(keyId))!;
    if (p.values.json === true) io.out(JSON.stringify(listed(record)));
    else io.out(`${displayKey(record.keyId, record.last4)} is now ${record.status}.`);
    return 0;
  });
}

function help(io: CliIO, text: string): number {
  io.out(text);
  return 0;
}

/** Runs `tempo keys <sub> …`; returns the exit code or throws UsageError / CommandFailure. */
export async function keysCommand(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'create': return create(rest, io);
    case 'list': return list(rest, io);
    case 'disable': return setStatus(rest, io, 'disable');
    case 'enable': return setStatus(rest, io, 'enable');
    case undefined: case '--help': case '-h': case 'help':
      return help(io, KEYS_HELP);
    default:
      throw new UsageError(`keys: unknown subcommand ${JSON.stringify(sub)}`, KEYS_HELP);
  }
}
