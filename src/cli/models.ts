// `tempo models …`: create an organization's own model, list models.
import type { ModelRecord } from '../store/types.js';
import { modelNameProblem } from '../store/names.js';
import { CommandFailure, UsageError, table, type CliIO } from './io.js';
import { optional, parseCommand, required } from './args.js';
import { withStore } from './context.js';
import { MODELS_CREATE_HELP, MODELS_DELETE_HELP, MODELS_HELP, MODELS_LIST_HELP } from './usage.js';
import { modelsTune } from './models-tune.js';

function shown(m: ModelRecord) {
  return { name: m.name, organization_id: m.organizationId, base: m.base, config: m.config, created_at: m.createdAt };
}

async function create(argv: string[], io: CliIO): Promise<number> {
  const h = MODELS_CREATE_HELP;
  const p = parseCommand('models create', argv, { org: { type: 'string' }, name: { type: 'string' }, base: { type: 'string' }, config: { type: 'string' } }, 0, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const organizationId = required(p, 'org', 'models create', h);
  const name = required(p, 'name', 'models create', h);
  const nameProblem = modelNameProblem(name);
  if (nameProblem !== null) throw new UsageError(`models create: ${nameProblem}`, h);
  let config: Record<string, unknown> = {};
  const raw = optional(p, 'config');
  if (raw !== undefined) {
    try {
      config = JSON.parse(raw) as Record<string, unknown>;
    } catch (err) {
      throw new UsageError(`models create: --config is not valid JSON (${(err as Error).message})`, h);
    }
  }
  return withStore(p, io, async (store) => {
    const model = await store.createModel({ name, organizationId, base: optional(p, 'base') ?? 'tempo', config });
    if (p.values.json === true) io.out(JSON.stringify(shown(model)));
    else io.out(`Created model ${model.name} for organization ${organizationId} (base ${model.base}, config ${JSON.stringify(model.config)}).\nCall it at /${model.name}/v1/forecast with a key of that organization.`);
    return 0;
  });
}

async function list(argv: string[], io: CliIO): Promise<number> {
  const p = parseCommand('models list', argv, { org: { type: 'string' } }, 0, MODELS_LIST_HELP);
  if (p.values.help === true) { io.out(MODELS_LIST_HELP); return 0; }
  const org = optional(p, 'org');
  return withStore(p, io, async (store) => {
    const models = org === undefined ? await store.listModels() : await store.listModelsForOrg(org);
    if (p.values.json === true) {
      io.out(JSON.stringify(org === undefined ? { models: models.map(shown) } : { organization_id: org, models: models.map(shown) }));
    } else {
      io.out(table(['NAME', 'ORG', 'BASE', 'CONFIG', 'CREATED'], models.map((m) => [
        m.name, m.organizationId ?? '(all)', m.base, JSON.stringify(m.config), m.createdAt,
      ])));
    }
    return 0;
  });
}

async function remove(argv: string[], io: CliIO): Promise<number> {
  const h = MODELS_DELETE_HELP;
  const p = parseCommand('models delete', argv, { org: { type: 'string' } }, 1, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const organizationId = required(p, 'org', 'models delete', h);
  const name = p.positionals[0];
  if (name === undefined) throw new UsageError('models delete: name the model to delete: tempo models delete NAME --org ORG', h);
  return withStore(p, io, async (store) => {
    if (!(await store.deleteModel(name, organizationId))) {
      throw new CommandFailure(`models delete: organization ${organizationId} has no model of its own named ${name} (tempo and other organizations' models cannot be deleted)`);
    }
    if (p.values.json === true) io.out(JSON.stringify({ name, organization_id: organizationId, deleted: true }));
    else io.out(`Deleted model ${name} of organization ${organizationId}.`);
    return 0;
  });
}

/** Runs `tempo models <sub> …`; returns the exit code or throws UsageError / CommandFailure. */
export async function modelsCommand(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'create': return create(rest, io);
    case 'list': return list(rest, io);
    case 'tune': return modelsTune(rest, io);
    case 'delete': return remove(rest, io);
    case undefined: case '--help': case '-h': case 'help':
      io.out(MODELS_HELP);
      return 0;
    default:
      throw new UsageError(`models: unknown subcommand ${JSON.stringify(sub)}`, MODELS_HELP);
  }
}
