// Keeps the API key out of everything the client shows: messages, kept bodies, headers, URLs.

/** `tempo-<key_id>-…<last4>`: the only form in which a key may be shown. Anything else shows as `…<last4>`. */
export function keyHint(apiKey: string): string {
  const parts = apiKey.split('-');
  const last4 = apiKey.slice(-4);
  return parts.length === 3 ? `${parts[0]}-${parts[1]}-…${last4}` : `…${last4}`;
}

/** A function that replaces the key, and its secret part alone, wherever they appear in a text. */
export function scrubber(apiKey: string): (text: string) => string {
  const hint = keyHint(apiKey);
  const secret = apiKey.split('-')[2];
  // a short "secret" would blank innocent text; real ones are ~49 characters
  const needles = [apiKey, ...(secret !== undefined && secret.length >= 12 ? [secret] : [])];
  return (text) => needles.reduce((t, n) => t.split(n).join(hint), text);
}

/** The URL without credentials, query or fragment, for messages. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
