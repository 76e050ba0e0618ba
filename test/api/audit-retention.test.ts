import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/boot/logger.ts";
import { createAuditRetention } from "#server/features/audit/retention.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;
const ACTOR = "retention-timer-test";

/**
 * Issue 17: AUDIT_RETENTION_DAYS is kept by the running server's timer, not by a call. The server's own timer
 * first runs a minute after start and then hourly; here one with short intervals shows that the timer (never
 * purge() directly) deletes old rows on its first pass and again on later ones, and that stop() stops it.
 */
describe(`audit retention timer (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const insert = (count: number, ageDays: number, tag: string) =>
    t.server.database.db
      .insertInto("audit_event")
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: `evt_${tag}_${i}`,
          createdAt: new Date(Date.now() - ageDays * DAY).toISOString(),
          action: "user.updated",
          outcome: "success" as const,
          actorId: ACTOR,
          details: "{}",
        })),
      )
      .execute();

  const left = async (tag: string) =>
    (
      await t.server.database.db
        .selectFrom("audit_event")
        .select("id")
        .where("actorId", "=", ACTOR)
        .where("id", "like", `evt_${tag}_%`)
        .execute()
    ).length;

  it("deletes old events on its first pass and on each later one, in batches, until stopped", async () => {
    await insert(130, 31, "old");
    await insert(4, 29, "young");
    const retention = createAuditRetention(t.server.database.db, {
      days: 30,
      logger: createLogger("silent"),
      batch: 50,
      firstPassMs: 400,
      intervalMs: 200,
    });
    retention.start();
    try {
      // Nothing before the first pass is due.
      expect(await left("old")).toBe(130);
      await expect.poll(() => left("old"), { timeout: 5000, interval: 50 }).toBe(0);
      expect(await left("young")).toBe(4);
      // Rows that grow old after the first pass go on a later one.
      await insert(7, 40, "later");
      await expect.poll(() => left("later"), { timeout: 5000, interval: 50 }).toBe(0);
      expect(await left("young")).toBe(4);
    } finally {
      await retention.stop();
    }
    // Stopped: old rows stay through several intervals.
    await insert(5, 45, "stopped");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await left("stopped")).toBe(5);
  });
});
