// Instantiates the core with the one import it has, the same way for every host wrapper.

/** The core's exports every wrapper relies on: its memory and the arena calls. */
export interface ArenaExports {
  memory: WebAssembly.Memory;
  reset(): void;
  alloc(bytes: number): number;
}

/**
 * Instantiates the core from its bytes or a compiled module; its `env.abort` (a trap inside the
 * core: out of memory, a bug) throws, so a host never continues on a broken call.
 */
export async function instantiateCore<T extends ArenaExports>(source: BufferSource | WebAssembly.Module): Promise<T> {
  const imports = {
    env: {
      abort: (_msg: number, _file: number, line: number, col: number) => {
        throw new Error(`tempo core aborted at ${line}:${col}`);
      },
    },
  };
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, imports)
    : (await WebAssembly.instantiate(source, imports)).instance;
  return instance.exports as unknown as T;
}
