// The ABI version: bumped whenever an export's arity, meaning or a buffer layout changes.

/** Version of the numbers-only ABI described in assembly/README.md. */
export const ABI_VERSION: i32 = 7;
