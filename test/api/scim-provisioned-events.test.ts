import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf } from "../support/audit.ts";
import { freshDomain } from "../support/domains.ts";
import { createOrganization, rawDb, signUpWithId } from "../support/organizations.ts";
import { scimCall, scimConnection, scimUser, seedVerifiedDomain } from "../support/scim.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";
import { startWebhookReceiver, type WebhookReceiver, webhooksCall } from "../support/webhook-receiver.ts";

/**
 * A person POST /Users creates is projected without being read back (decision 38, fourth round): their address,
 * SCIM record id and externalId come from the request, and no membership is looked for. Their events must say
 * exactly what the stored rows say — as for a linked account, which is read.
 */
describe(`SCIM: the events of a created person match the stored rows (${testDatabase})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let orgId: string;
  let token: string;
  let connectionId: string;
  let secret: string;
  let domain: string;

  beforeAll(async () => {
    t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
    receiver = await startWebhookReceiver();
    const owner = await signUpWithId(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
    domain = freshDomain();
    await seedVerifiedDomain(t, orgId, domain);
    ({ token, id: connectionId } = await scimConnection(t, owner.cookie, orgId, { name: "Okta" }));
    const hook = await webhooksCall(t, "", owner.cookie, {
      json: { url: receiver.url, events: ["user.provisioned", "member.added"], organizationId: orgId },
    });
    expect(hook.status).toBe(201);
    secret = hook.body.secret;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** What the stored rows say the person's two events carry. */
  async function expected(userId: string) {
    const user = await rawDb(t)
      .selectFrom("user")
      .selectAll()
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const record = await rawDb(t)
      .selectFrom("scimUser")
      .select(["id", "externalId"])
      .where("userId", "=", userId)
      .where("connectionId", "=", connectionId)
      .executeTakeFirstOrThrow();
    const member = await rawDb(t)
      .selectFrom("member")
      .select(["id", "organizationId", "userId", "role", "createdAt"])
      .where("organizationId", "=", orgId)
      .where("userId", "=", userId)
      .executeTakeFirstOrThrow();
    // The payload carries the row as written (PostgreSQL reads its timestamp back as a Date).
    return { user, record, member: { ...member, createdAt: new Date(member.createdAt).toISOString() } };
  }

  /** The person's two signed webhook payloads carry what the stored rows say. */
  async function expectPayloads(userId: string, provisioned: Record<string, unknown>, member: unknown) {
    await receiver.waitFor((r) => r.filter((h) => (h.body as string).includes(userId)).length >= 2);
    const payloads = receiver.received
      .map((h) => receiver.verify(h, secret) as { type: string; data: Record<string, unknown> })
      .filter((p) => p.data.userId === userId);
    expect(payloads.find((p) => p.type === "user.provisioned")?.data).toEqual(provisioned);
    expect(payloads.find((p) => p.type === "member.added")?.data).toEqual(member);
  }

  it.each([
    [
      "a created account, the address in mixed case, with an externalId",
      "Mixed.Case",
      { externalId: "00u-mixed" },
    ],
    ["a created account without an externalId", "no.external", {}],
  ])("%s", async (_, local, extra) => {
    const res = await scimCall(t, token, "/Users", { json: scimUser(`${local}@elsewhere-${domain}`, extra) });
    expect(res.status).toBe(201);
    const userId = (
      await rawDb(t)
        .selectFrom("scimUser")
        .select("userId")
        .where("id", "=", res.body.id)
        .executeTakeFirstOrThrow()
    ).userId;
    const { user, record, member } = await expected(userId);
    expect(user.email).toBe(`${local.toLowerCase()}@elsewhere-${domain}`);
    expect(Boolean(user.emailVerified)).toBe(true);
    const [provisioned] = await eventsOf(t, { action: "user.provisioned", targetId: userId });
    expect(provisioned).toMatchObject({ targetLabel: user.email, organizationId: orgId, connectionId });
    expect(provisioned?.details).toEqual({
      externalId: record.externalId ?? null,
      created: true,
      member: true,
    });
    const [added] = await eventsOf(t, { action: "member.added", organizationId: orgId }).then((all) =>
      all.filter((e) => e.details.userId === userId),
    );
    expect(added).toMatchObject({ targetId: member.id, targetLabel: user.email });
    await expectPayloads(userId, { id: record.id, userId, email: user.email }, member);
  });

  it("a linked account (read back) carries the same fields", async () => {
    const existing = await signUpWithId(t, createUser({ email: `linked.person@${domain}` }));
    const res = await scimCall(t, token, "/Users", {
      json: scimUser(`linked.person@${domain}`, { externalId: "00u-linked" }),
    });
    expect(res.status).toBe(201);
    const userId = existing.id;
    const { user, record, member } = await expected(userId);
    const [provisioned] = await eventsOf(t, { action: "user.provisioned", targetId: userId });
    expect(provisioned).toMatchObject({ targetLabel: user.email, organizationId: orgId, connectionId });
    expect(provisioned?.details).toEqual({ externalId: record.externalId, created: true, member: true });
    await expectPayloads(userId, { id: record.id, userId, email: user.email }, member);
  });
});
