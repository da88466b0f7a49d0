// Change listeners of a store: told after a change is committed, each on its own.

/** Calls every listener with `args`; one that throws neither undoes the committed change nor starves the rest. */
export function tellEach<A extends unknown[]>(listeners: ReadonlyArray<(...args: A) => void>, ...args: A): void {
  for (const listener of listeners) {
    try {
      listener(...args);
    } catch {
      /* ignored on purpose */
    }
  }
}
