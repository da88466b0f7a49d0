// Key changes from every process sharing the database (other instances, the CLI), heard through
// PostgreSQL LISTEN/NOTIFY on one dedicated connection that reconnects by itself. A notification
// missed while disconnected is not replayed: the key cache's TTL remains the bound.
import pg from 'pg';

/** The NOTIFY channel a key change is announced on; the payload is "<scope> <origin> <key_id>". */
export const KEY_CHANGED_CHANNEL = 'tempo_key_changed';

/**
 * The payload announcing that `origin` (a store instance) changed `keyId` in `scope` (its schema):
 * channels are database-wide, and deployments in other schemas of the same database must not hear it.
 */
export function keyChangedPayload(scope: string, origin: string, keyId: string): string {
  return `${scope} ${origin} ${keyId}`;
}

export interface KeyChangeListener {
  /** Resolves once the first LISTEN is in place (changes made before it are not heard). */
  readonly listening: Promise<void>;
  close(): Promise<void>;
}

/** Listens for key changes with its own connection; `onKey` gets each key_id changed in `scope` by an origin other than `self`. */
export function listenForKeyChanges(
  config: pg.ClientConfig,
  scope: string,
  self: string,
  onKey: (keyId: string) => void,
  onError: (err: Error) => void = () => {},
): KeyChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let timer: NodeJS.Timeout | undefined;
  let markListening: () => void = () => {};
  const listening = new Promise<void>((resolve) => { markListening = resolve; });

  const reconnectLater = () => {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => { timer = undefined; void connect(); }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 2000);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client(config);
    client = c;
    // an error on this connection must never reach the process as an unhandled 'error' event
    c.on('error', (err) => { onError(err); c.end().catch(() => {}); reconnectLater(); });
    c.on('end', () => { if (client === c) client = null; reconnectLater(); });
    c.on('notification', (msg) => {
      if (msg.channel !== KEY_CHANGED_CHANNEL || !msg.payload) return;
      const [from, origin, keyId] = msg.payload.split(' ');
      // our own changes were announced in-process already, at commit
      if (from === scope && origin !== self && keyId) onKey(keyId);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${KEY_CHANGED_CHANNEL}`);
      retryMs = 100;
      markListening();
      if (closed) await c.end();
    } catch (err) {
      onError(err as Error);
      c.end().catch(() => {});
      reconnectLater();
    }
  }

  void connect();
  return {
    listening,
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
