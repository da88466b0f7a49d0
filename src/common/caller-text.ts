// The one rule for caller text: anything in a request the server did not produce (path segments,
// header values, query, field names, string values; for the CLI, a file's cells and series ids). A
// key's secret is a run of random letters and digits, so any run of eight or more of them could be
// a piece of one: caller text that holds such a run (with a letter in it) is never written to an
// answer, a header, a log line or a message, only described ("a string", "an unknown field"). Runs
// of digits alone may be repeated (a secret holds eight digits in a row about once in 50,000 keys),
// and so may numbers, which the server writes as it formats them. What a caller creates under a
// name it chose (a tuned model, a batch series' id) is named back where the API's contract says so,
// in a success answer; never in an error.

/** Runs of the characters a secret is made of, long enough to be a piece of one. */
const SECRET_RUN = /[0-9A-Za-z]{8,}/g;
const LETTER = /[A-Za-z]/;

/** Longest caller text repeated back at all: a message names, it does not quote. */
export const MAX_REPEATED = 64;

/** Whether `text` holds a run of 8+ letters and digits with a letter in it: a piece of a secret, for all the server can tell. */
export function holdsSecretRun(text: string): boolean {
  for (const run of text.match(SECRET_RUN) ?? []) if (LETTER.test(run)) return true;
  return false;
}

/** Whether caller-chosen `text` may be repeated back: at most MAX_REPEATED characters, and no secret-like run. */
export function mayRepeat(text: string): boolean {
  return text.length <= MAX_REPEATED && !holdsSecretRun(text);
}

/** `text` quoted (JSON) when it may be repeated, else `instead`. */
export function quoted(text: string, instead: string): string {
  return mayRepeat(text) ? JSON.stringify(text) : instead;
}

/** What a caller's JSON value was, without repeating a string: a number as written, otherwise its kind. */
export function described(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return 'a string';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
