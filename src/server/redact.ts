// Keeps key-shaped text out of what the server writes back or logs (a key pasted into a URL path).

const KEY_LIKE = /tempo-([0-9A-Za-z]{16})-[0-9A-Za-z]{8,}/g;

/** `text` with every key-shaped run cut to its displayable form `tempo-<key_id>-…`. */
export function redactKeys(text: string): string {
  return text.replace(KEY_LIKE, 'tempo-$1-…');
}
