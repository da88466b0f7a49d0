// Tests that load what the build compiled (dist/) check first that it was compiled from the sources
// as they are now, by the build's own rule (scripts/build-state.js), so they never test stale code.
import { isCurrent } from '../../scripts/build-state.js';

/** Throws `message` unless `root`/dist/ is what `npm run build` would leave there now (it would not run tsc). */
export function assertBuilt(root: string, message: string): void {
  if (!isCurrent(root, 'tsc')) throw new Error(message);
}
