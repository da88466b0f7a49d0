// Waiting in tests without fixed sleeps: poll a condition until it holds or a deadline passes.
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves with the first truthy value `check` returns; throws naming `what` once `timeoutMs` has passed. */
export async function waitFor<T>(what: string, check: () => Promise<T> | T, timeoutMs = 5_000, everyMs = 20): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
