// docs/api.md's endpoint table cannot drift from the router: every method and path the server
// mounts (createApp(...).routes()) has a row, and every row is a route the server answers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../server/harness.js';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');

/** "METHOD /path" of every row of the table under "## Endpoints". */
function documented(): string[] {
  const section = DOC.split(/^## Endpoints$/m)[1]?.split(/^## /m)[0] ?? '';
  return section.split('\n')
    .map((l) => /^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \|/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]} ${m[2]}`);
}

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h?.close(); });

describe("docs/api.md's endpoint table", () => {
  it('reads the table (the parser still matches the doc)', () => {
    expect(documented()).toEqual(expect.arrayContaining(['POST /{model}/v1/forecast', 'GET /healthz']));
  });

  it('has a row for every route the server mounts, and no other', () => {
    const routes = h.server.tempo.routes().flatMap(({ path, methods }) => methods.map((m) => `${m} ${path}`));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const rows = documented();
    const missing = routes.filter((r) => !rows.includes(r))
      .map((r) => `no row for ${r}: add "| ${r.split(' ')[0]} | \`${r.split(' ')[1]}\` | Bearer or none | what it answers |" under "## Endpoints" in docs/api.md`);
    const extra = rows.filter((r) => !routes.includes(r)).map((r) => `docs/api.md lists ${r}, which the server does not mount`);
    const twice = rows.filter((r, i) => rows.indexOf(r) !== i).map((r) => `docs/api.md lists ${r} twice`);
    expect([...missing, ...extra, ...twice]).toEqual([]);
  });
});
