/**
 * Turns many concurrent one-row lookups into one query for all of their keys. Under load each request's
 * own round trip costs the database more than the row (PostgreSQL get-session: parse, plan, protocol and
 * a context switch per request, on the same cores as us), while one query for 20 keys costs barely more
 * than for one.
 *
 * Nothing is cached: a key's query is always sent after the key was asked for, so no answer is older
 * than the request asking. At most `maxInFlight` queries run at once; keys asked meanwhile gather for the
 * next one. When idle, a lookup goes out on the next turn of the event loop, alone. A query that has not
 * answered within `timeoutMs` fails its lookups as a timed-out connection (a 503 for the request) and frees
 * its place, so one stuck connection cannot hold up every later lookup.
 */
export type Lookup<K, V> = (key: K) => Promise<V | undefined>;

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(err: unknown): void;
}

export function coalescedLookup<K, V>(
  fetchMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  options: { maxInFlight: number; maxKeys: number; timeoutMs: number },
): Lookup<K, V> {
  let waiting = new Map<K, Waiter<V>[]>();
  let inFlight = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || waiting.size === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    // setImmediate runs after the poll phase, so every request read in this turn joins the query.
    setImmediate(send);
  }

  function send() {
    scheduled = false;
    if (waiting.size === 0 || inFlight >= options.maxInFlight) return;
    let batch = waiting;
    if (batch.size <= options.maxKeys) {
      waiting = new Map();
    } else {
      batch = new Map();
      for (const [key, waiters] of waiting) {
        if (batch.size === options.maxKeys) break;
        batch.set(key, waiters);
        waiting.delete(key);
      }
    }
    inFlight += 1;
    let settled = false;
    const settle = (found: ReadonlyMap<K, V> | undefined, err?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      inFlight -= 1;
      for (const [key, waiters] of batch) {
        for (const w of waiters) {
          if (found) w.resolve(found.get(key));
          else w.reject(err);
        }
      }
      schedule();
    };
    const timer = setTimeout(() => {
      const err = new Error(`connection timeout: no answer within ${options.timeoutMs} ms`);
      settle(undefined, Object.assign(err, { code: "ETIMEDOUT" }));
    }, options.timeoutMs);
    fetchMany([...batch.keys()]).then(
      (found) => settle(found),
      (err) => settle(undefined, err),
    );
    schedule();
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      schedule();
    });
}
