import { AsyncLocalStorage } from "node:async_hooks";
import type { Db } from "#server/db/tables.ts";

/**
 * The Kysely transaction better-auth's adapter is running, for code that better-auth calls inside it (a plugin's
 * callbacks get better-auth's adapter, not Kysely): `@better-auth/scim`'s projection writes memberships with
 * Gatehouse's Kysely helpers in the very transaction that writes the SCIM resource, so both commit or neither.
 */
interface Scope {
  trx: Db;
  /** Work to do at the end of the transaction, before it commits (beforeCommit). */
  beforeCommit: (() => Promise<void>)[];
  /** Signals to give once it has committed (afterCommit). */
  afterCommit: (() => void)[];
  /** Committed or rolled back: work started inside it and still running later writes on its own. */
  ended: boolean;
}
const scope = new AsyncLocalStorage<Scope>();

/** The transaction open around the current call, if better-auth opened one. */
export function currentTransaction(): Db | undefined {
  const current = scope.getStore();
  return current && !current.ended ? current.trx : undefined;
}

/**
 * Runs `work` when the callback of `trx` has finished, just before the commit (a failure rolls everything
 * back): writes that several callbacks make can go in one statement. False when `trx` is not the
 * transaction tracked around the current call; the caller writes at once then.
 */
export function beforeCommit(trx: Db, work: () => Promise<void>): boolean {
  const current = scope.getStore();
  if (current?.trx !== trx) return false;
  current.beforeCommit.push(work);
  return true;
}

/**
 * Calls `signal` once the transaction `trx` has committed (never if it rolls back): a worker woken before
 * would not see the rows yet. False when `trx` is not the transaction tracked around the current call.
 */
export function afterCommit(trx: Db, signal: () => void): boolean {
  const current = scope.getStore();
  if (current?.trx !== trx) return false;
  current.afterCommit.push(signal);
  return true;
}

function bound(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  // A getter's value (Kysely's `fn` is a callable module with properties) is returned as it is; a method
  // is bound, so that it reaches the private fields.
  return typeof value === "function" && !isGetter(target, property) ? value.bind(target) : value;
}

function isGetter(target: object, property: string | symbol): boolean {
  for (let o: object | null = target; o; o = Object.getPrototypeOf(o)) {
    const descriptor = Object.getOwnPropertyDescriptor(o, property);
    if (descriptor) return descriptor.get !== undefined;
  }
  return false;
}

/**
 * The database as better-auth gets it: the same Kysely instance, except that a transaction it opens
 * (`db.transaction().execute(fn)`, the adapter's `transaction`) is remembered for the calls inside `fn`.
 */
export function trackTransactions(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      // Kysely keeps its state in private fields: its methods and getters run on the real instance.
      if (property !== "transaction") return bound(target, property);
      return () => {
        const builder = target.transaction();
        return new Proxy(builder, {
          get(b, p) {
            if (p !== "execute") return bound(b, p);
            return async <T>(fn: (trx: Db) => Promise<T>) => {
              let tracked: Scope | undefined;
              const result = await b
                .execute(async (trx) => {
                  const opened: Scope = {
                    trx: trx as unknown as Db,
                    beforeCommit: [],
                    afterCommit: [],
                    ended: false,
                  };
                  tracked = opened;
                  const answer = await scope.run(opened, () => fn(opened.trx));
                  for (let work = opened.beforeCommit.shift(); work; work = opened.beforeCommit.shift())
                    await work();
                  return answer;
                })
                .finally(() => {
                  if (tracked) tracked.ended = true;
                });
              for (const signal of tracked?.afterCommit ?? []) signal();
              return result;
            };
          },
        });
      };
    },
  });
}
