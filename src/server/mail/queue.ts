import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Logger } from "#server/boot/logger.ts";
import type { AppDatabase } from "#server/db/db.ts";
import type { Db } from "#server/db/tables.ts";
import { afterCommit, currentTransaction } from "#server/db/transaction-scope.ts";
import type { MailContent } from "#server/mail/templates.ts";
import type { Transport } from "#server/mail/transport.ts";

/**
 * Waits after the 1st, 2nd, … failed attempt; the last one repeats until the mail is a day old.
 * A mail left in the queue for longer is marked failed: its links have expired by then anyway.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/**
 * How long a claimed mail belongs to the instance that claimed it. Longer than any SMTP exchange may take
 * (transport.ts), so no other instance takes a mail over while it is being sent; a claim left by an
 * instance that died is taken over once it lapses.
 */
export const CLAIM_LEASE_MS = 120_000;
/** Rows written by another instance that died before sending them are looked for at least this often. */
const POLL_MS = 15_000;
const BATCH = 10;

type State = "pending" | "sending" | "failed";

export interface MailQueueRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  state: State;
  attempts: number;
  /** ISO time: when a pending mail is due, or when a claim ("sending") lapses. */
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
}

/** A table of whole mails (id, to, subject, text, html), to which each use adds its own columns. */
function mailTable(db: Db, name: "mail_queue" | "outbox") {
  return db.schema
    .createTable(name)
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("to", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text", (c) => c.notNull());
}

/**
 * Creates the mail tables; safe to run at every start: the queue, and the development outbox (mails
 * kept instead of sent when no SMTP server is configured).
 */
export async function migrateMailTables(db: Db): Promise<void> {
  await mailTable(db, "outbox")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("outbox_created_at").ifNotExists().on("outbox").column("createdAt").execute();
  await mailTable(db, "mail_queue")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("nextAttemptAt", "text", (c) => c.notNull())
    .addColumn("lastError", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_queue_due")
    .ifNotExists()
    .on("mail_queue")
    .columns(["state", "nextAttemptAt"])
    .execute();
}

const iso = (ms: number) => new Date(ms).toISOString();
const ACTIVE: State[] = ["pending", "sending"];

export interface MailQueue {
  /**
   * Stores one mail for delivery and wakes the worker. Cheap: one insert, whatever the address. Inside a
   * transaction better-auth runs (an invitation: db/transaction-scope.ts) the mail is one of its rows, queued
   * if and only if it commits; the worker is woken after the commit.
   */
  enqueue(to: string, content: MailContent): Promise<void>;
  /** Starts delivering (after the table exists). */
  start(): void;
  /** Stops the worker after the deliveries under way; undelivered mails stay queued for the next start. */
  stop(): Promise<void>;
  /** Resolves once no mail is due and none is being sent (tests: "no mail was sent" means something). */
  settled(timeoutMs?: number): Promise<void>;
}

/**
 * The durable mail queue: every mail is a row first, then delivered by this worker inside the server
 * process. On PostgreSQL several instances share the table: a claim takes due rows with
 * `FOR UPDATE SKIP LOCKED` and leases them, so two instances never send one mail at once. A SQLite file
 * is served by one process, whose writer connection serializes the claims.
 */
export function createMailQueue(
  database: AppDatabase,
  transport: Transport,
  logger: Logger,
  /** Multiplies the retry delays and the one-day window (MAIL_RETRY_SCALE, tests). */
  retryScale = 1,
): MailQueue {
  const { db, kind } = database;
  let started = false;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function claim(): Promise<MailQueueRow[]> {
    const now = Date.now();
    return db.transaction().execute(async (trx) => {
      let due = trx
        .selectFrom("mail_queue")
        .selectAll()
        .where("state", "in", ACTIVE)
        .where("nextAttemptAt", "<=", iso(now))
        .orderBy("nextAttemptAt")
        .limit(BATCH);
      if (kind === "postgres") due = due.forUpdate().skipLocked();
      const rows = (await due.execute()) as MailQueueRow[];
      if (rows.length === 0) return [];
      await trx
        .updateTable("mail_queue")
        .set({ state: "sending", attempts: sql`"attempts" + 1`, nextAttemptAt: iso(now + CLAIM_LEASE_MS) })
        .where(
          "id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
      return rows;
    });
  }

  async function deliverOne(row: MailQueueRow): Promise<void> {
    try {
      await transport.deliver(row.to, { subject: row.subject, text: row.text, html: row.html });
      await db.deleteFrom("mail_queue").where("id", "=", row.id).execute();
    } catch (err) {
      const attempts = row.attempts + 1;
      const reason = (err as Error).message ?? String(err);
      const now = Date.now();
      const delay = (RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? POLL_MS) * retryScale;
      const givingUp = now + delay - Date.parse(row.createdAt) > GIVE_UP_AFTER_MS * retryScale;
      // A failed mail keeps its address, subject and reason for the operator, not its links.
      await db
        .updateTable("mail_queue")
        .set(
          givingUp
            ? { state: "failed", lastError: reason, text: "", html: "" }
            : { state: "pending", lastError: reason, nextAttemptAt: iso(now + delay) },
        )
        .where("id", "=", row.id)
        .execute()
        .catch((e) =>
          logger.warn({ reason: (e as Error).message }, "mail queue: could not record a failure"),
        );
      const log = givingUp ? logger.error : logger.warn;
      log.call(
        logger,
        { to: row.to, subject: row.subject, attempts, reason, ...(givingUp ? {} : { retryInMs: delay }) },
        givingUp ? "mail delivery failed for good" : "mail delivery failed, will retry",
      );
    }
  }

  async function pass(): Promise<void> {
    while (!stopped) {
      const rows = await claim().catch((err) => {
        logger.warn({ reason: (err as Error).message }, "mail queue: claim failed");
        return [];
      });
      if (rows.length === 0) return;
      await Promise.all(rows.map(deliverOne));
    }
  }

  /** Sleeps until the next mail is due (or the next poll), never longer. */
  async function schedule(): Promise<void> {
    if (stopped) return;
    const next = await db
      .selectFrom("mail_queue")
      .select((eb) => eb.fn.min("nextAttemptAt").as("at"))
      .where("state", "in", ACTIVE)
      .executeTakeFirst()
      .catch(() => undefined);
    if (stopped || running) return;
    const at = next?.at ? Date.parse(String(next.at)) : Number.POSITIVE_INFINITY;
    const wait = Math.max(0, Math.min(at - Date.now(), POLL_MS));
    clearTimeout(timer);
    timer = setTimeout(wake, wait);
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

  async function dueCount(): Promise<number> {
    const row = await db
      .selectFrom("mail_queue")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "in", ACTIVE)
      .where("nextAttemptAt", "<=", iso(Date.now()))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  return {
    async enqueue(to, content) {
      const now = iso(Date.now());
      const trx = currentTransaction();
      await (trx ?? db)
        .insertInto("mail_queue")
        .values({
          id: randomUUID(),
          to,
          ...content,
          state: "pending",
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        })
        .execute();
      if (!trx || !afterCommit(trx, wake)) wake();
    },
    start() {
      // A SQLite file serves one process: a mail still "sending" at start was cut off by a crash (kill -9) in
      // the middle of its attempt, and is due again now rather than when its claim lapses. Only then does this
      // worker claim anything, so that none of its own claims is taken back.
      const resume =
        kind === "sqlite"
          ? db
              .updateTable("mail_queue")
              .set({ state: "pending", nextAttemptAt: iso(Date.now()) })
              .where("state", "=", "sending")
              .execute()
          : Promise.resolve();
      void resume
        .catch((err) => logger.warn({ reason: (err as Error).message }, "mail queue: could not resume"))
        .then(() => {
          started = true;
          wake();
        });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        await running;
        if (!running && (await dueCount()) === 0 && !running) return;
        wake();
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`mail queue not settled within ${timeoutMs} ms`);
    },
  };
}
