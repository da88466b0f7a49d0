// The arena: the stub runtime bumps a pointer; the host resets it before each call.

/** Forgets every allocation: the host calls this before writing the inputs of a new call. */
export function reset(): void {
  __reset();
}

/** Returns an 8-byte-aligned block of `bytes` bytes that lives until the next `reset`. */
export function alloc(bytes: i32): usize {
  if (bytes < 0) return 0;
  return __alloc(<usize>bytes);
}
