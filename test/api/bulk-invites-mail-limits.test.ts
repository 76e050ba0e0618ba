import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_LIMITS } from "#server/auth/abuse-limits.ts";
import { eventsOf } from "../support/audit.ts";
import { createOrganization, rawDb, signUpWithId } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { uniqueEmail } from "../support/users.ts";

/** Production mode turns the invitation mail limits on: a bulk send meets them row by row. */
describe(`bulk invitations under the mail limits (${testDatabase})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: "production" });
  });
  afterAll(() => t.close());

  it("sends up to the organization's mail limit and skips the rest as RATE_LIMITED, each row on its own", async () => {
    const owner = await signUpWithId(t);
    const org = await createOrganization(t, owner.cookie);
    const max = MAIL_LIMITS.perOrganization.max;
    const emails = Array.from({ length: max + 2 }, () => uniqueEmail("limited"));
    const res = await t.request(`/api/organizations/${org.id}/bulk-invitations/send`, {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: emails.join("\n"),
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const summary = await res.json();
    expect(summary).toMatchObject({ sent: max, skipped: 2 });
    expect(summary.rows.slice(max).map((r: { problems: { code: string }[] }) => r.problems[0]?.code)).toEqual(
      ["RATE_LIMITED", "RATE_LIMITED"],
    );
    const stored = await rawDb(t)
      .selectFrom("invitation")
      .select("email")
      .where("organizationId", "=", org.id)
      .execute();
    expect(stored.map((r: { email: string }) => r.email).sort()).toEqual(emails.slice(0, max).sort());
    const [event] = await eventsOf(t, { action: "invitation.bulk_sent", organizationId: org.id });
    expect(event?.details).toEqual({ sent: max, skipped: 2 });
  });
});
