// Creates API keys in a data dir's SQLite store as fast as it can, printing one line per key, until
// killed: the writer the kill -9 drill interrupts.
import { loadConfig } from '../../src/config/config.js';
import { createApiKey } from '../../src/keys/create.js';
import { openStore } from '../../src/store/open.js';

const config = loadConfig({ 'data-dir': process.argv[2] }, {});
const store = await openStore(config);
for (let i = 0; ; i++) {
  await createApiKey(store, { organizationId: 'acme', projectId: 'p', userId: 'u', name: `w${i}` }, config.keyPepper);
  process.stdout.write('k\n');
}
