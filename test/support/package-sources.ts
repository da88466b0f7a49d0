// The vitest configs' resolution of the workspace packages: their sources (packages/NAME/src), the
// same modules a test of a package's internals imports by path, so a class the server throws is the
// class the test compares with. Node outside vitest (dist/, tsx, the CLI the tests spawn) resolves the
// names through node_modules/@tempo-forecast, the built packages; test/package tests those as packed.
import { fileURLToPath } from 'node:url';

/** Exact-name aliases: `@tempo-forecast/core/tempo.wasm` and the like still resolve to the built package. */
export const packageSources = ['core', 'client'].map((name) => ({
  find: new RegExp(`^@tempo-forecast/${name}$`),
  replacement: fileURLToPath(new URL(`../../packages/${name}/src/index.ts`, import.meta.url)),
}));
