import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { createLogger } from "#server/boot/logger.ts";
import { type AppDatabase, openDatabase } from "#server/db/db.ts";
import { migrateMailTables } from "#server/mail/queue.ts";

const mail = (id: string) => ({
  id,
  to: "a@b.test",
  subject: "s",
  text: "t",
  html: "h",
  createdAt: new Date().toISOString(),
});

// Guards sqlite-dialect.ts: one slow write transaction must not stall reads (the performance targets, bench/README.md).
describe("SQLite reader beside the writer", () => {
  let dir: string;
  let database: AppDatabase;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-"));
    database = await openDatabase(loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }), createLogger("silent"));
    await migrateMailTables(database.db);
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a read while a write transaction is open, with committed data only", async () => {
    const db = database.db;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("outbox").values(mail("uncommitted")).execute();
      inserted();
      await held;
    });
    await didInsert;

    const read = db.selectFrom("outbox").select("id").execute();
    const outcome = await Promise.race([read, new Promise((r) => setTimeout(() => r("stalled"), 2000))]);
    expect(outcome).toEqual([]);

    // Writes outside the transaction wait for it, then land.
    const write = db.insertInto("outbox").values(mail("after")).execute();
    release();
    await transaction;
    await write;
    const ids = (await db.selectFrom("outbox").select("id").orderBy("id").execute()).map((r) => r.id);
    expect(ids).toEqual(["after", "uncommitted"]);
  });

  it("rolls back a failed transaction and frees the writer", async () => {
    const db = database.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("outbox").values(mail("doomed")).execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await db.insertInto("outbox").values(mail("next")).execute();
    const ids = (await db.selectFrom("outbox").select("id").execute()).map((r) => r.id);
    expect(ids).not.toContain("doomed");
    expect(ids).toContain("next");
  });
});
