// `npm run eval` without its data (a fresh clone has none): a message saying what data it needs and
// how to pass it, exit status 2, never a raw ENOENT.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDirProblem } from '../../eval/data-dir.js';

const ROOT = join(import.meta.dirname, '..', '..');
const temp = mkdtempSync(join(tmpdir(), 'tempo-eval-data-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function evalRun(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'eval/main.ts', ...args], { cwd: ROOT }, (err, stdout, stderr) => {
      resolve({ code: err === null ? 0 : (err as { code?: number }).code ?? -1, stdout, stderr });
    });
  });
}

describe('eval data folder', () => {
  it('accepts a folder with a .csv', () => {
    const dir = mkdtempSync(join(temp, 'ok-'));
    writeFileSync(join(dir, 'Yearly.csv'), 'id,source,frequency,horizon,season_length,n_train,train,test\n');
    expect(dataDirProblem(dir, false)).toBeNull();
  });

  it('names the default folder as the default when no --data was given', () => {
    const message = dataDirProblem(join(temp, 'absent'), true);
    expect(message).toContain('the default: no --data was given');
    expect(message).toContain('--data DIR');
    expect(message).toContain('id,source,frequency,horizon,season_length,n_train,train,test');
  });

  it('exits 2 with the data it needs when the folder is missing', async () => {
    const missing = join(temp, 'no-such-folder');
    const r = await evalRun(['--data', missing]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no data folder at ${missing}`);
    expect(r.stderr).toContain('npm run eval -- --data DIR');
    expect(r.stderr).not.toMatch(/ENOENT|at .*\.ts:\d+/);
    expect(r.stdout).toBe('');
  });

  it('exits 2 when the folder has no CSV, and when a CSV is malformed, naming the line', async () => {
    const empty = mkdtempSync(join(temp, 'empty-'));
    const r1 = await evalRun(['--data', empty]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toContain(`no .csv files in ${empty}`);

    const bad = mkdtempSync(join(temp, 'bad-'));
    writeFileSync(join(bad, 'Yearly.csv'), 'id,source,frequency,horizon,season_length,n_train,train,test\nY1,M1,Yearly,2,1,3,1 2 3,4\n');
    const r2 = await evalRun(['--data', bad]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('Yearly.csv:2: horizon 2 but 1 test values');
    expect(r2.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
