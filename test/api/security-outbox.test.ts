import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

const ADMIN_EMAIL = "outbox-admin@example.test";

/** Signs up and follows the verification link the outbox holds (there is no SMTP in outbox mode). */
async function signUpThroughOutbox(t: TestApp, user = createUser()): Promise<string> {
  expect((await t.request("/api/auth/sign-up/email", { json: user })).status).toBe(200);
  const db = t.server.database.db;
  await t.server.mailer.queue.settled();
  const mail = await db
    .selectFrom("outbox")
    .selectAll()
    .where("to", "=", user.email)
    .executeTakeFirstOrThrow();
  const link = new URL(mail.text.match(/https?:\/\/\S+verify-email\S*/)?.[0] ?? "");
  const cookie = cookiesFrom(await t.request(link.pathname + link.search));
  expect(cookie).toContain("session_token");
  return cookie;
}

describe(`the mail outbox in production is an admin's only, and not advertised (${testDatabase})`, () => {
  let t: TestApp;
  let member: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({
      NODE_ENV: "production",
      SMTP_URL: "",
      MAIL_OUTBOX: "1",
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
    admin = await signUpThroughOutbox(t, createUser({ email: ADMIN_EMAIL }));
    member = await signUpThroughOutbox(t);
  });
  afterAll(() => t.close());

  it("/api/config does not advertise the outbox", async () => {
    const res = await t.request("/api/config");
    expect(res.status).toBe(200);
    expect((await res.json()).outbox).toBe(false);
  });

  it("answers an anonymous visitor and a signed-in member as if there were no outbox", async () => {
    for (const cookie of [undefined, member]) {
      const res = await t.request("/api/dev/outbox", { cookie });
      expect(res.status).toBe(404);
      const body = await res.text();
      expect(body).not.toContain("verify-email");
      expect(JSON.parse(body)).toEqual({ code: "NOT_FOUND", message: "No such API route" });
    }
  });

  it("serves the outbox to a signed-in admin", async () => {
    const res = await t.request("/api/dev/outbox", { cookie: admin });
    expect(res.status).toBe(200);
    const { mails } = (await res.json()) as { mails: { to: string }[] };
    expect(mails.some((m) => m.to === ADMIN_EMAIL)).toBe(true);
  });
});

describe(`the mail outbox in development stays open and advertised (${testDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: "" });
  });
  afterAll(() => t.close());

  it("is advertised and readable without signing in", async () => {
    expect((await (await t.request("/api/config")).json()).outbox).toBe(true);
    await signUpThroughOutbox(t);
    const res = await t.request("/api/dev/outbox");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { mails: unknown[] }).mails.length).toBeGreaterThan(0);
  });
});
