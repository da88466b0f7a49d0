// Turns the operating system's refusal to listen into a sentence an operator can act on.

interface ListenError { code?: unknown; port?: unknown; address?: unknown }

/** A one-line message for a listen error the operator can fix (port taken or privileged), or null for any other error. */
export function listenProblem(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const { code, port, address } = err as ListenError;
  if (typeof port !== 'number' || typeof address !== 'string') return null;
  if (code === 'EADDRINUSE') return `port ${port} on ${address} is in use; pick another with --port or PORT`;
  if (code === 'EACCES') return `port ${port} on ${address} needs privileges this process does not have; pick one above 1023 with --port or PORT`;
  return null;
}
