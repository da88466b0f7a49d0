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
if (code !== 0) {
  // a failed command is over: whatever a library may have left running must not hold the process,
  // so exit once what was written has been handed on.
  // Success is left to end by itself: `serve` returns while its server keeps the process running.
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))));
  process.exit(code);
}
