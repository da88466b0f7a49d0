// Where the signed-in API key is kept: this tab's sessionStorage and nowhere else (no cookie, no
// URL, no localStorage), so it is gone when the tab closes or the person signs out.

const SLOT = 'tempo.apiKey';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // storage disabled by the browser: signing in still works for this page view
    return null;
  }
}

let fallback: string | null = null;

/** The stored key, or null. */
export function readKey(): string | null {
  return storage()?.getItem(SLOT) ?? fallback;
}

/** Keeps the key for this tab. */
export function saveKey(key: string): void {
  const s = storage();
  if (s) s.setItem(SLOT, key);
  else fallback = key;
}

/** Forgets the key everywhere this page put it. */
export function forgetKey(): void {
  storage()?.removeItem(SLOT);
  fallback = null;
}
