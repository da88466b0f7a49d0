// Measures how long a key change made through one instance takes to reach another instance's
// cache (PostgreSQL NOTIFY), store to store. Not part of the suite: run it by hand with
//   node --import tsx test/multi/measure-revocation.ts [rounds]
// and copy the numbers into docs/operations.md ("Revocation").
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPostgresStore } from '../../src/store/postgres.js';
import { DATABASE_URL, uniqueName } from './backends.js';

const rounds = Number(process.argv[2] ?? 200);
const schema = uniqueName('revocation');
const a = await openPostgresStore({ url: DATABASE_URL, schema });
const b = await openPostgresStore({ url: DATABASE_URL, schema });
let heard: (() => void) | undefined;
b.onKeyChanged(() => heard?.());
// the create announces itself too: heard before the timed rounds start, so no round hears it
const announced = new Promise<void>((resolve, reject) => {
  heard = resolve;
  setTimeout(() => reject(new Error('instance B never heard the key being created')), 10_000).unref();
});
const key = await a.createKey({
  keyId: 'RevocationProbe1', secretHash: 'sha256:' + '0'.repeat(64), env: 'test', organizationId: 'bench', projectId: 'p',
  userId: 'u', name: 'revocation probe', expiresAt: null, rateLimitPerMinute: 60, rateLimitPerHour: 1000, last4: 'abcd',
});
await announced;
const afterCommit: number[] = [];
const total: number[] = [];
for (let i = 0; i < rounds; i++) {
  const arrived = new Promise<number>((resolve) => { heard = () => resolve(performance.now()); });
  const start = performance.now();
  await a.setKeyStatus(key.keyId, i % 2 === 0 ? 'inactive' : 'active');
  const committed = performance.now();
  const at = await arrived;
  afterCommit.push(at - committed);
  total.push(at - start);
}

const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const row = (name: string, xs: number[]) => `${name.padEnd(34)} median ${q(xs, 0.5).toFixed(2)} ms  p95 ${q(xs, 0.95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms`;
console.log(`${rounds} disables/enables through instance A, heard by instance B (PostgreSQL LISTEN/NOTIFY)`);
console.log(row('A commit -> B hears it', afterCommit));
console.log(row('A starts the change -> B hears it', total));

await a.close();
await b.close();
const c = new pg.Client({ connectionString: DATABASE_URL });
await c.connect();
await c.query(`DROP SCHEMA ${schema} CASCADE`);
await c.end();
