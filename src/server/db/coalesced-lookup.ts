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
export interface Lookup<K, V> {
  (key: K): Promise<V | undefined>;
  /**
   * The value passed through `next` as the query answers, in one promise: a hot path's request then pays for
   * one promise, not one per step (each promise runs every AsyncLocalStorage's hooks, which better-auth
   * keeps enabled; decision 42). A throw from `next` rejects it.
   */
  <R>(key: K, next: (value: V | undefined) => R | Promise<R>): Promise<R>;
}

interface Waiter<V> {
  resolve(value: unknown): void;
  reject(err: unknown): void;
  next?: (value: V | undefined) => unknown;
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
          if (!found) w.reject(err);
          else if (!w.next) w.resolve(found.get(key));
          else {
            try {
              w.resolve(w.next(found.get(key)));
            } catch (thrown) {
              w.reject(thrown);
            }
          }
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

  return ((key: K, next?: (value: V | undefined) => unknown) =>
    new Promise((resolve, reject) => {
      // Only a function: a lookup passed to `map` gets the index there.
      const waiter: Waiter<V> = { resolve, reject, next: typeof next === "function" ? next : undefined };
      const waiters = waiting.get(key);
      if (waiters) waiters.push(waiter);
      else waiting.set(key, [waiter]);
      schedule();
    })) as Lookup<K, V>;
}
