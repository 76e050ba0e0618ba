import type { Logger } from "#server/boot/logger.ts";
import type { AppDatabase } from "#server/db/db.ts";
import type { Db } from "#server/db/tables.ts";
import { onOutboxWrite } from "#server/events/outbox-signal.ts";
import { type Claimed, claim, leaseFor } from "./claim.ts";
import { FAN_OUT_BATCH, fanOut } from "./fan-out.ts";
import { recordFailure, recordSuccess } from "./outcomes.ts";
import { purgeDeliveries } from "./purge.ts";
import { type DeliveryRow, iso, UNFINISHED } from "./rows.ts";
import type { SendPolicy, SendResult } from "./send.ts";
import { ATTEMPT_TIMEOUT_MS, createConnections, sendWebhook } from "./send.ts";
import { openSecret, signatureHeader } from "./signing.ts";

/** Waits after the 1st, 2nd, … failed attempt; the last one repeats until the delivery is 3 days old. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;

/**
 * When a delivery that has just failed its `attempts`-th attempt is tried again: after the delay of that attempt
 * (RETRY_DELAYS_MS, the last one repeating), or null when that would be past GIVE_UP_AFTER_MS from its creation
 * (failed for good; recordFailure may then turn the endpoint off). `scale` is WEBHOOK_RETRY_SCALE.
 */
export function nextAttemptAfterFailure(
  attempts: number,
  createdAt: number,
  now: number,
  scale = 1,
): number | null {
  const delay = (RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? 0) * scale;
  return now + delay - createdAt > GIVE_UP_AFTER_MS * scale ? null : now + delay;
}
/** Rows left by another instance (or by a transaction the signal came too early for) are looked for this often. */
const POLL_MS = 5_000;
/** After an outbox write, look again this often for a while: the writer's transaction may not have committed. */
const RECHECK_MS = 200;
const RECHECK_FOR_MS = 2_000;
/**
 * An outbox write wakes the worker this much later, so that one pass takes a burst: a request records several
 * events, some inside its transaction, and a directory sync sends a request every few milliseconds. Waking on
 * each write ran a pass (four or five statements) per event, most of them finding rows not yet committed.
 */
const OUTBOX_SETTLE_MS = 25;
const MAX_IN_FLIGHT = 64;
const PURGE_EVERY_MS = 3_600_000;

export interface WebhookWorkerDeps {
  database: AppDatabase;
  logger: Logger;
  /** BETTER_AUTH_SECRET: the signing secrets are stored encrypted with it. */
  appSecret: string;
  policy: SendPolicy;
  /** Multiplies the retry delays and the 3-day window (WEBHOOK_RETRY_SCALE, tests). */
  retryScale: number;
  /** The time an attempt may take (ATTEMPT_TIMEOUT_MS; WEBHOOK_ATTEMPT_TIMEOUT_MS, tests); a claim leases 3×. */
  attemptTimeoutMs?: number;
  /** Told once an endpoint is turned off for failing (the owners' mail, outcomes.ts). */
  onDisabled: (endpointId: string) => Promise<void>;
}

interface Outcome {
  row: DeliveryRow;
  result: SendResult;
  /** When to try again; null: delivered, or failed for good. */
  retryAt: number | null;
}

export interface WebhookWorker {
  start(): Promise<void>;
  /** Looks for work now (after a delivery was written). */
  wake(): void;
  /** Stops after the attempts under way; what is unsent stays for the next start. */
  stop(): Promise<void>;
}

/**
 * The delivery worker inside every instance (decision 31), modelled on the mail queue (mail/queue.ts):
 * fans outbox rows out into deliveries, then sends each due delivery. Order per endpoint: one attempt in
 * flight per endpoint, oldest due delivery first; a delivery waiting for its retry does not hold back newer
 * ones. On PostgreSQL a claim locks the endpoint's row (`FOR UPDATE SKIP LOCKED`) and leases the delivery, so
 * no two instances ever attempt one delivery, or one endpoint, at once; a SQLite file serves one process.
 */
export function createWebhookWorker(deps: WebhookWorkerDeps): WebhookWorker {
  const { database, logger } = deps;
  const { db, kind } = database;
  const attemptTimeoutMs = deps.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const inFlight = new Map<string, Promise<void>>();
  let started = false;
  let stopped = false;
  let again = false;
  let idle = false;
  let recheckUntil = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** The wake an outbox write asked for, OUTBOX_SETTLE_MS after the first write of a burst. */
  let settling: NodeJS.Timeout | undefined;
  let purgeTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const secrets = new Map<string, string>();
  const connections = createConnections(undefined, attemptTimeoutMs);
  /** Finished attempts waiting for the next pass to record them. */
  const outcomes: Outcome[] = [];

  /** The endpoints with an attempt under way in this process. */
  const busyEndpoints = () => new Set([...inFlight.keys()].map((key) => key.split(" ")[0] as string));

  /** The signing secret, decrypted once per stored value (a rotation stores a new one). */
  async function secretOf(sealed: string): Promise<string> {
    let plain = secrets.get(sealed);
    if (plain === undefined) {
      plain = await openSecret(deps.appSecret, sealed);
      if (secrets.size > 1000) secrets.clear();
      secrets.set(sealed, plain);
    }
    return plain;
  }

  async function attempt({ delivery: row, endpoint }: Claimed): Promise<void> {
    const signing = [await secretOf(endpoint.secret)];
    const previousLive =
      endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > Date.now();
    if (endpoint.previousSecret && previousLive) signing.push(await secretOf(endpoint.previousSecret));
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await sendWebhook(
      endpoint.url,
      row.payload,
      {
        "webhook-id": row.eventId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(signing, row.eventId, timestamp, row.payload),
      },
      deps.policy,
      connections,
      attemptTimeoutMs,
    );
    if (result.ok) {
      outcomes.push({ row, result, retryAt: null });
      return;
    }
    const retryAt = nextAttemptAfterFailure(
      row.attempts,
      Date.parse(row.createdAt),
      Date.now(),
      deps.retryScale,
    );
    outcomes.push({ row, result, retryAt });
    logger.warn(
      { deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts, reason: result.error },
      retryAt === null ? "webhook delivery failed for good" : "webhook delivery failed, will retry",
    );
  }

  /**
   * Writes the finished attempts' outcomes in `trx` (the next pass's transaction: one per pass, not one per
   * attempt). Returns the endpoints this turned off.
   */
  async function recordOutcomes(trx: Db, batch: Outcome[]): Promise<string[]> {
    const disabled: string[] = [];
    for (const { row, result, retryAt } of batch) {
      if (result.ok) await recordSuccess(trx, row, result);
      else if (await recordFailure(trx, row, result, retryAt)) disabled.push(row.endpointId);
    }
    return disabled;
  }

  async function tellOwners(endpointIds: string[]): Promise<void> {
    for (const endpointId of endpointIds) {
      logger.error({ endpointId }, "webhook endpoint turned off after repeated failure");
      await deps
        .onDisabled(endpointId)
        .catch((err) =>
          logger.error({ reason: (err as Error).message }, "webhooks: could not tell the owners"),
        );
    }
  }

  async function pass(): Promise<void> {
    idle = true;
    while (!stopped) {
      // One transaction for both: on SQLite every transaction waits its turn on the one writer connection.
      const room = MAX_IN_FLIGHT - inFlight.size;
      const batch = outcomes.splice(0);
      const { fanned, rows, disabled } = await db
        .transaction()
        .execute(async (trx) => ({
          disabled: await recordOutcomes(trx, batch),
          fanned: await fanOut(trx, kind),
          rows: room > 0 ? await claim(trx, kind, room, busyEndpoints(), leaseFor(attemptTimeoutMs)) : [],
        }))
        .catch((err) => {
          // Kept for the next pass; were this process to end first, the lapsed claims are sent again.
          outcomes.unshift(...batch);
          return warn("pass", { fanned: 0, rows: [] as Claimed[], disabled: [] as string[] })(err);
        });
      await tellOwners(disabled);
      for (const row of rows) {
        const key = `${row.endpoint.id} ${row.delivery.id}`;
        const work = attempt(row)
          .catch(warn("attempt", undefined))
          .finally(() => {
            inFlight.delete(key);
            wake();
          });
        inFlight.set(key, work);
      }
      // A pass that took fewer outbox rows than it could has emptied the outbox as far as it can see: looking
      // again at once costs four statements and finds only rows committed since, whose writes have signalled
      // (a wake now sets `again`) or are found by the rechecks that follow every write.
      if (fanned < FAN_OUT_BATCH && rows.length === 0 && batch.length === 0) return;
      idle = false;
    }
  }

  function warn<T>(what: string, fallback: T) {
    return (err: unknown): T => {
      logger.warn({ reason: (err as Error).message }, `webhooks: ${what} failed`);
      return fallback;
    };
  }

  /** Sleeps until the next delivery is due (or the next poll), never longer. */
  async function schedule(): Promise<void> {
    if (stopped) return;
    // While outbox writes are coming in, the worker looks again every RECHECK_MS whatever is due: asking when
    // the next delivery is due would cost a statement per pass (a directory sync is a pass per request) for
    // at most RECHECK_MS of a retry's timing.
    if (Date.now() < recheckUntil) {
      clearTimeout(timer);
      timer = setTimeout(wake, RECHECK_MS);
      timer.unref();
      return;
    }
    // Endpoints with an attempt under way here are woken by its end, not by the clock.
    const busy = [...busyEndpoints()];
    const next = await db
      .selectFrom("webhook_delivery")
      .select((eb) => eb.fn.min("nextAttemptAt").as("at"))
      .where("status", "in", UNFINISHED)
      .$if(busy.length > 0, (q) => q.where("endpointId", "not in", busy))
      .executeTakeFirst()
      .catch(() => undefined);
    if (stopped || running) return;
    const now = Date.now();
    const at = next?.at ? Date.parse(String(next.at)) : Number.POSITIVE_INFINITY;
    let wait = Math.min(at - now, now < recheckUntil ? RECHECK_MS : POLL_MS);
    // Something is due but could not be taken (its endpoint busy elsewhere, or locked): not a busy loop.
    if (idle) wait = Math.max(wait, Math.min(RECHECK_MS, POLL_MS));
    clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, wait));
    timer.unref();
  }

  function wake(): void {
    if (!started || stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = pass().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        wake();
      } else void schedule();
    });
  }

  return {
    async start() {
      // A SQLite file is served by one process: a claim still held is one a crash left behind.
      if (kind === "sqlite") {
        await db
          .updateTable("webhook_delivery")
          .set({ status: "pending", nextAttemptAt: iso(Date.now()) })
          .where("status", "=", "delivering")
          .execute();
      }
      started = true;
      unsubscribe = onOutboxWrite(() => {
        recheckUntil = Date.now() + RECHECK_FOR_MS;
        if (settling) return;
        settling = setTimeout(() => {
          settling = undefined;
          wake();
        }, OUTBOX_SETTLE_MS);
        settling.unref();
      });
      wake();
      const purge = () => void purgeDeliveries(db).catch(warn("purge", 0));
      purgeTimer = setInterval(purge, PURGE_EVERY_MS);
      purgeTimer.unref();
    },
    wake,
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(timer);
      clearTimeout(settling);
      clearInterval(purgeTimer);
      await running;
      await Promise.all(inFlight.values());
      connections.close();
      const batch = outcomes.splice(0);
      if (batch.length > 0) {
        const disabled = await db
          .transaction()
          .execute((trx) => recordOutcomes(trx, batch))
          .catch(warn("recording the last outcomes", [] as string[]));
        await tellOwners(disabled);
      }
    },
  };
}
