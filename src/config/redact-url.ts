// Connection URLs from the configuration carry passwords; this is the one way they are shown.

/** The URL with any password replaced, fit for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password !== '') u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
