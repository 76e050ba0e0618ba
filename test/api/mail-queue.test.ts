import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { createLogger } from "#server/boot/logger.ts";
import { buildServer } from "#server/boot/server.ts";
import { freePort } from "../support/free-port.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, uniqueEmail } from "../support/users.ts";

describe(`mail queue: a mail queued while the relay is down arrives once it is back (${testDatabase})`, () => {
  let t: TestApp;
  let port: number;
  let relay: SmtpSink | undefined;
  beforeAll(async () => {
    port = await freePort();
    // The first retry 1 s after the failure instead of 5 s: still long enough to read the row while it waits.
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SCALE: "0.2" });
  });
  afterAll(async () => {
    await relay?.close();
    await t.close();
  });

  it("retries after a refused connection and delivers", async () => {
    const user = createUser();
    expect((await t.request("/api/auth/sign-up/email", { json: user })).status).toBe(200);
    const db = t.server.database.db;
    const row = () => db.selectFrom("mail_queue").selectAll().where("to", "=", user.email).executeTakeFirst();
    // The first attempt fails: the row stays queued with the reason and a later attempt time.
    await expect.poll(async () => (await row())?.lastError ?? null, { timeout: 5000 }).not.toBeNull();
    expect((await row())?.state).toBe("pending");

    relay = await startSmtpSink({ port });
    const mail = await relay.waitFor(user.email, /verify/i, 15_000);
    expect(mail.text).toContain("/api/auth/verify-email");
    await expect.poll(async () => (await row()) ?? null, { timeout: 5000 }).toBeNull();
  }, 30_000);

  it("MAIL_RETRY_SCALE is for tests: production refuses it", () => {
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(32), MAIL_OUTBOX: "1" };
    expect(loadConfig({ ...production, DATA_DIR: t.config.dataDir }).mailRetryScale).toBe(1);
    expect(() => loadConfig({ ...production, DATA_DIR: t.config.dataDir, MAIL_RETRY_SCALE: "0.2" })).toThrow(
      /MAIL_RETRY_SCALE: for tests only/,
    );
  });
});

describe(`mail queue: two instances on one database never deliver one mail twice (${testDatabase})`, () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    t = await startTestApp({}, { sink: { delayMs: 50 } });
    second = await buildServer(t.config, createLogger("silent"));
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  it("each of 60 mails, claimed by both workers at once, arrives exactly once", async () => {
    const now = new Date(Date.now() - 1000).toISOString();
    const addresses = Array.from({ length: 60 }, () => uniqueEmail("queued"));
    // Written straight into the table so that neither worker has seen them before both wake together.
    await t.server.database.db
      .insertInto("mail_queue")
      .values(
        addresses.map((to) => ({
          id: randomUUID(),
          to,
          subject: "Queued mail",
          text: "hello",
          html: "<p>hello</p>",
          state: "pending",
          attempts: 0,
          nextAttemptAt: now,
          lastError: null,
          createdAt: now,
        })),
      )
      .execute();
    await Promise.all([t.server.mailer.queue.settled(20_000), second.mailer.queue.settled(20_000)]);
    await expect.poll(() => t.sink.mails.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(60);
    // Time for a duplicate, had there been one, to arrive too.
    await new Promise((r) => setTimeout(r, 300));
    const received = t.sink.mails.flatMap((m) => m.to).filter((to) => to.startsWith("queued-"));
    expect(received.sort()).toEqual(addresses.map((a) => a.toLowerCase()).sort());
  }, 40_000);
});
