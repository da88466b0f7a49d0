// Whether the build is current, by one rule that `npm run build` (scripts/build.js), `npm start` and
// the other scripts that build first (scripts/ensure-build.js) and the tests that load dist/
// (test/support/built.ts) all share: a compiler's output is current when it is there and the hash of
// the compiler's inputs (its command, sources, config and package-lock.json, path and bytes of each)
// is the one stamped at its last success. Bytes, not times, so a checkout or an editor that touches a
// file without changing it compiles nothing, and a copied tree is as current as its original.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * asc's and tsc's arguments, which are part of what their outputs are made from. The inspection
 * build (build/tempo-inspect.wasm: the shipped exports plus the ETS extras and SIMD kernel that
 * tests and benchmarks call) is a second asc run over the same sources.
 */
export const ASC_ARGS = ['assembly/index.ts', '--target', 'release'];
export const INSPECT_ARGS = ['assembly/inspect.ts', '--target', 'inspect'];
export const TSC_ARGS = ['-p', 'tsconfig.json'];

// every file below `dir`, sorted, so the hash does not depend on the directory's listing order
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

// one hash over the command, the lockfile (compiler versions, @types) and each file's path and bytes
function inputsHash(root, command, files) {
  const h = createHash('sha256').update(command.join(' ')).update('\0');
  for (const f of [join(root, 'package-lock.json'), ...files]) {
    h.update(relative(root, f)).update('\0').update(existsSync(f) ? readFileSync(f) : '(missing)').update('\0');
  }
  return h.digest('hex');
}

/**
 * The workspace packages `npm run build` makes (scripts/build-packages.js), whose sources are their
 * own (packages/NAME/src): each one's folder, the other source folders its bundle and declarations
 * read (the client takes the API's wire types from src/common, types only), and whether it ships
 * the .wasm. Their names are in their own package.json files, the one place they are written.
 */
export const PACKAGES = {
  core: { dir: 'packages/core', sources: [], wasm: true },
  client: { dir: 'packages/client', sources: ['src/common'], wasm: false },
};

// a package's inputs: its entry, configs and sources, the root tsconfig it extends, and (core) the .wasm it ships
function packageInputs(root, name) {
  const { dir, sources, wasm } = PACKAGES[name];
  const files = [
    join(root, 'tsconfig.json'), join(root, 'scripts/build-packages.js'),
    join(root, dir, 'package.json'), join(root, dir, 'tsconfig.json'), ...filesUnder(join(root, dir, 'src')),
    ...sources.flatMap((s) => filesUnder(join(root, s))),
    ...(wasm ? [join(root, 'build/tempo.wasm')] : []),
  ];
  return inputsHash(root, ['package', name], files);
}

// per compiler: where its output and stamp are, and what it reads. assembly/README.md is
// gen-registry's output, not asc's input; tsc reads package.json (its "type" decides the modules)
const PARTS = {
  asc: {
    output: 'build/tempo.wasm',
    stamp: 'build/.inputs-sha256',
    inputs: (root) => inputsHash(root, ['asc', ...ASC_ARGS], [join(root, 'asconfig.json'), ...filesUnder(join(root, 'assembly')).filter((f) => f.endsWith('.ts'))]),
  },
  inspect: {
    output: 'build/tempo-inspect.wasm',
    stamp: 'build/.inspect-inputs-sha256',
    inputs: (root) => inputsHash(root, ['asc', ...INSPECT_ARGS], [join(root, 'asconfig.json'), ...filesUnder(join(root, 'assembly')).filter((f) => f.endsWith('.ts'))]),
  },
  // the server imports the packages by name, so their sources (whose declarations it reads) are tsc's too
  tsc: {
    output: 'dist/src',
    stamp: 'dist/.inputs-sha256',
    inputs: (root) => inputsHash(root, ['tsc', ...TSC_ARGS], [
      join(root, 'tsconfig.json'), join(root, 'package.json'), ...filesUnder(join(root, 'src')),
      ...Object.values(PACKAGES).flatMap(({ dir }) => [join(root, dir, 'package.json'), ...filesUnder(join(root, dir, 'src'))]),
    ]),
  },
  // the declarations' entry (dist/index.d.ts) is written last, so it is there only after a whole build
  ...Object.fromEntries(Object.entries(PACKAGES).map(([name, { dir }]) => [`package:${name}`, {
    output: `${dir}/dist/index.d.ts`,
    stamp: `${dir}/dist/.inputs-sha256`,
    inputs: (root) => packageInputs(root, name),
  }])),
};

/** The hash of compiler `part`'s ('asc', 'inspect', 'tsc', 'package:core' or 'package:client') inputs in the tree at `root`, as they are now. */
export function inputsOf(root, part) {
  return PARTS[part].inputs(root);
}

/** True when `part`'s output in `root` is there and was made from inputs that hash to `hash` (by default, the inputs as they are now). */
export function isCurrent(root, part, hash = inputsOf(root, part)) {
  const { output, stamp } = PARTS[part];
  return existsSync(join(root, output)) && existsSync(join(root, stamp)) && readFileSync(join(root, stamp), 'utf8') === hash;
}

/** Records that `part`'s output in `root` was just made from inputs that hashed to `hash`. */
export function markBuilt(root, part, hash) {
  writeFileSync(join(root, PARTS[part].stamp), hash);
}

/**
 * Which of the compilers the server, the CLI and the tests run from `npm run build` would run in
 * `root`, in the build's order: [] when they are current. The workspace packages are among them
 * wherever their folders are (a checkout): the server loads its core and the CLI its client from them.
 */
export function staleParts(root) {
  const packages = Object.entries(PACKAGES).filter(([, { dir }]) => existsSync(join(root, dir, 'package.json'))).map(([name]) => `package:${name}`);
  return ['asc', 'inspect', ...packages, 'tsc'].filter((part) => !isCurrent(root, part));
}
