// What a CLI command may touch outside itself: two output streams and the environment. Passed in so
// the commands stay free of process globals.

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  /** raw stderr for progress output (a redrawn bar when it is a terminal); absent: progress goes through err */
  stderr?: { isTTY: boolean; write(text: string): void };
  /** calls `handler` once on Ctrl-C or SIGTERM until the returned function is called; absent: no signals */
  onInterrupt?(handler: () => void): () => void;
}

/** Bad input: the user can fix the command line (exit code 2). */
export class UsageError extends Error {
  constructor(message: string, public readonly help?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The command was well-formed but could not be done (exit code 1). */
export class CommandFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandFailure';
  }
}

/** Lines of aligned columns, header first, for human output. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
