// How long the suite's Tempo servers keep an idle connection open.

/**
 * Longer than any test leaves a connection idle, so a server never closes one under a test's
 * client. The test's fetch and an in-process server share one event loop: when the process stalls
 * for 3 s or more between the server writing an answer and fetch reading it (seen on a loaded
 * machine), fetch's idle timer (the advertised 5 s less its 2 s margin) starts late and outlives
 * the server's (5 s plus Node's 1 s), and a request sent as the server closes that connection is
 * reset. Tests of the idle timeout itself set their own.
 */
export const TEST_KEEP_ALIVE_MS = 120_000;
