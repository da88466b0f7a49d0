// Schema compilation costs tens of milliseconds and every app (and every test server) needs the same
// checks: a check that is pure and depends only on its bounds is compiled once per process.

/** Wraps `compile` so each distinct (JSON-equal) argument is compiled once; later calls share that result. */
export function compiledOnce<A, R>(compile: (arg: A) => R): (arg: A) => R {
  const made = new Map<string, R>();
  return (arg) => {
    const key = JSON.stringify(arg);
    let result = made.get(key);
    if (result === undefined) {
      result = compile(arg);
      made.set(key, result);
    }
    return result;
  };
}
