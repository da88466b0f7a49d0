#!/usr/bin/env node
// The installed `tempo` command: a thin door into the compiled CLI.
let main;
try {
  ({ main } = await import('../dist/src/cli/main.js'));
} catch (err) {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write('tempo: the compiled CLI is missing (dist/); run `npm run build` first\n');
    process.exit(1);
  }
  throw err;
}
const code = await main(process.argv.slice(2));
if (code !== 0) process.exitCode = code;
