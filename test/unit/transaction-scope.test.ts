import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { createLogger } from "#server/boot/logger.ts";
import { type AppDatabase, openDatabase } from "#server/db/db.ts";
import type { Db } from "#server/db/tables.ts";
import { afterCommit, currentTransaction, trackTransactions } from "#server/db/transaction-scope.ts";
import { createMailQueue, type MailQueue, migrateMailTables } from "#server/mail/queue.ts";

const content = { subject: "Invited", text: "t", html: "h" };

// Guards transaction-scope.ts and the mail queue's part in a transaction better-auth runs (an invitation, decision 34).
describe("a mail queued in a tracked transaction", () => {
  let dir: string;
  let database: AppDatabase;
  let tracked: Db;
  let queue: MailQueue;
  const delivered: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-scope-"));
    database = await openDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }), createLogger("silent"));
    await migrateMailTables(database.db);
    tracked = trackTransactions(database.db);
    const transport = {
      async deliver(to: string) {
        delivered.push(to);
      },
      close() {},
    };
    queue = createMailQueue(database, transport, createLogger("silent"));
    queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const queued = async (to: string) =>
    (await database.db.selectFrom("mail_queue").select("to").where("to", "=", to).execute()).length;

  it("is queued and delivered only once the transaction commits; rolled back, it never was", async () => {
    const signals: string[] = [];
    await tracked.transaction().execute(async (trx) => {
      expect(currentTransaction()).toBe(trx);
      await queue.enqueue("kept@example.com", content);
      expect(afterCommit(trx, () => signals.push("committed"))).toBe(true);
      // Not committed yet: the reader sees nothing, the worker has nothing to send.
      expect(await queued("kept@example.com")).toBe(0);
      expect(signals).toEqual([]);
    });
    expect(signals).toEqual(["committed"]);
    await queue.settled();
    expect(delivered).toEqual(["kept@example.com"]);

    await expect(
      tracked.transaction().execute(async (trx) => {
        await queue.enqueue("dropped@example.com", content);
        afterCommit(trx, () => signals.push("rolled back"));
        throw new Error("the invitation failed");
      }),
    ).rejects.toThrow("the invitation failed");
    await queue.settled();
    expect(await queued("dropped@example.com")).toBe(0);
    expect(delivered).toEqual(["kept@example.com"]);
    expect(signals).toEqual(["committed"]);
  });

  it("outside it, or once it has ended, writes on its own", async () => {
    let later: Promise<Db | undefined> | undefined;
    await tracked.transaction().execute(async () => {
      later = new Promise((resolve) => setTimeout(() => resolve(currentTransaction()), 20));
    });
    expect(await later).toBeUndefined();
    expect(currentTransaction()).toBeUndefined();
    expect(afterCommit(database.db, () => {})).toBe(false);
  });
});
