// What the workspace package tests share: `npm pack` of one package (its prepack builds it), an
// install of the tarball alone into an empty folder with no registry (`--offline`: a package with a
// dependency would fail here), and what that install holds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** A workspace package installed from its tarball: its name (from its package.json), folder and manifest. */
export interface Installed {
  name: string;
  /** the empty folder it was installed into */
  app: string;
  /** node_modules/NAME inside `app` */
  dir: string;
  manifest: { name: string; exports: Record<string, unknown>; dependencies?: object; scripts?: Record<string, string> };
}

/** Packs packages/`folder` into `work` and installs the tarball, offline, into `work`/app. */
export function packAndInstall(folder: string, work: string): Installed {
  const { name } = JSON.parse(readFileSync(join(ROOT, 'packages', folder, 'package.json'), 'utf8')) as { name: string };
  const packed = join(work, 'packed');
  mkdirSync(packed, { recursive: true });
  execFileSync('npm', ['pack', '--workspace', `packages/${folder}`, '--pack-destination', packed, '--loglevel=error'], {
    cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tgz = readdirSync(packed).find((f) => f.endsWith('.tgz'));
  if (tgz === undefined) throw new Error(`npm pack wrote no tarball for packages/${folder}`);
  const app = join(work, 'app');
  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), '{ "name": "tempo-package-user", "private": true, "type": "module" }\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', join(packed, tgz)], {
    cwd: app, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const dir = join(app, 'node_modules', ...name.split('/'));
  return { name, app, dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Installed['manifest'] };
}

/** Every package folder under `nodeModules` (scoped ones as `@scope/name`), the lockfile's metadata aside. */
export function installedPackages(nodeModules: string): string[] {
  return readdirSync(nodeModules).filter((e) => !e.startsWith('.')).flatMap((e) =>
    e.startsWith('@') ? readdirSync(join(nodeModules, e)).map((n) => `${e}/${n}`) : [e]);
}

/** Total bytes of the files under `dir`. */
export function bytesUnder(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const p = join(dir, e.name);
    return sum + (e.isDirectory() ? bytesUnder(p) : statSync(p).size);
  }, 0);
}

/** The lifecycle scripts npm runs on install (npm also runs node-gyp for a binding.gyp it finds). */
export function installScripts(dir: string, manifest: Installed['manifest']): string[] {
  const named = ['preinstall', 'install', 'postinstall', 'prepare'].filter((s) => manifest.scripts?.[s] !== undefined);
  return readdirSync(dir).includes('binding.gyp') ? [...named, 'binding.gyp'] : named;
}

/** Type-checks `source` (TypeScript) as a user's file in `app`, strictly, with the TypeScript this checkout uses; '' when it compiles. */
export function typeCheckIn(app: string, source: string): string {
  writeFileSync(join(app, 'check.ts'), source);
  try {
    execFileSync(join(ROOT, 'node_modules/.bin/tsc'), [
      '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022',
      '--lib', 'es2022,dom', 'check.ts',
    ], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; message: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message;
  }
}
