// What of a request's path the server repeats (an error's `instance`, the debug log's path): the
// API's own words (the routes' literal segments, the error codes' slugs) and segments that pass the
// caller-text rule (src/common/caller-text.ts), percent-encoded or not; any other segment is '…'.
import { mayRepeat } from '../common/caller-text.js';

function repeatable(segment: string): boolean {
  if (!mayRepeat(segment)) return false;
  // %41%42… decodes to letters the raw form hides
  try {
    return mayRepeat(decodeURIComponent(segment));
  } catch {
    return false;
  }
}

/** A function that writes a request path as the server may show it, given the API's own path words. */
export function pathShown(words: Iterable<string>): (path: string) => string {
  const own = new Set(words);
  return (path) => path.split('/').map((seg) => (own.has(seg) || repeatable(seg) ? seg : '…')).join('/');
}

/** The literal segments of route paths like '/:model/v1/forecast' (parameters left out). */
export function literalSegments(paths: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const p of paths) for (const seg of p.split('/')) if (seg !== '' && !seg.startsWith(':')) out.add(seg);
  return [...out];
}
