import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOf, onlyEvent } from "../support/audit.ts";
import { domainsCall } from "../support/domains.ts";
import { createOrganization, inviteAndAccept, rawDb, signUpWithId } from "../support/organizations.ts";
import { SCIM_ERROR, scimCall } from "../support/scim.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser } from "../support/users.ts";

describe(`SCIM connections: the owners' API (${testDatabase})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUpWithId>>;
  let admin: Awaited<ReturnType<typeof inviteAndAccept>>;
  let member: Awaited<ReturnType<typeof inviteAndAccept>>;
  let outsider: Awaited<ReturnType<typeof signUpWithId>>;
  let orgId: string;
  const base = (org = orgId) => `/organizations/${org}/scim/connections`;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUpWithId(t, createUser());
    outsider = await signUpWithId(t, createUser());
    orgId = (await createOrganization(t, owner.cookie)).id;
    admin = await inviteAndAccept(t, owner.cookie, orgId, "admin");
    member = await inviteAndAccept(t, owner.cookie, orgId, "member");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("creates a connection: the token once (high entropy, stored hashed), the base URL an IdP needs, audited", async () => {
    const res = await domainsCall(t, base(), owner.cookie, {
      json: { name: " Okta ", groupMappings: [{ group: "Admins", role: "admin", teamId: null }] },
    });
    expect(res.status).toBe(201);
    const { connection, token } = res.body;
    expect(token).toMatch(/^gh_scim_[\w-]{43}$/);
    expect(connection).toMatchObject({
      organizationId: orgId,
      name: "Okta",
      baseUrl: `${t.config.baseURL}/api/auth/scim/v2`,
      tokenHint: token.slice(-4),
      defaultRole: "member",
      groupMappings: [{ group: "Admins", role: "admin", teamId: null }],
      userCount: 0,
      groupCount: 0,
      lastUsedAt: null,
    });
    const row = await rawDb(t)
      .selectFrom("scim_connection")
      .selectAll()
      .where("id", "=", connection.id)
      .executeTakeFirstOrThrow();
    expect(row.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const event = await onlyEvent(t, "scim_connection.created", connection.id);
    expect(event).toMatchObject({ actorId: owner.id, organizationId: orgId, targetLabel: "Okta" });
    expect(event.details).toEqual({ defaultRole: "member" });
    const stored = await rawDb(t).selectFrom("audit_event").selectAll().where("id", "=", event.id).execute();
    expect(JSON.stringify(stored)).not.toContain(row.tokenHash);
    // The token works at once, and the list shows it was used; it never shows the token again.
    expect((await scimCall(t, token, "/Users")).status).toBe(200);
    const list = await domainsCall(t, base(), owner.cookie);
    expect(list.status).toBe(200);
    const listed = list.body.connections.find((c: { id: string }) => c.id === connection.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it("changes name, default role and mappings (audited with what changed); refuses bad fields", async () => {
    const made = (await domainsCall(t, base(), owner.cookie, { json: { name: "Entra" } })).body;
    const id = made.connection.id;
    const res = await domainsCall(t, `${base()}/${id}`, owner.cookie, {
      method: "PATCH",
      json: { name: "Entra ID", defaultRole: "admin" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: "Entra ID",
      defaultRole: "admin",
      tokenHint: made.connection.tokenHint,
    });
    const [event] = await eventsOf(t, { action: "scim_connection.updated", targetId: id });
    expect(event?.details).toEqual({ changed: ["name", "defaultRole"] });
    const bad = await domainsCall(t, `${base()}/${id}`, owner.cookie, {
      method: "PATCH",
      json: { name: "" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_FIELD");
    const missing = await domainsCall(t, `${base()}/nope`, owner.cookie, {
      method: "PATCH",
      json: { name: "x" },
    });
    expect(missing.status).toBe(404);
  });

  it("rotates the token: the new one once, the old one dead at once", async () => {
    const made = (await domainsCall(t, base(), owner.cookie, { json: { name: "Rotating" } })).body;
    const old = made.token;
    expect((await scimCall(t, old, "/Users")).status).toBe(200);
    const rotated = await domainsCall(t, `${base()}/${made.connection.id}/rotate`, owner.cookie, {
      json: {},
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).not.toBe(old);
    expect(rotated.body.connection.tokenHint).toBe(rotated.body.token.slice(-4));
    const refused = await scimCall(t, old, "/Users");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ schemas: [SCIM_ERROR], status: "401" });
    expect(refused.headers.get("content-type")).toContain("application/scim+json");
    expect((await scimCall(t, rotated.body.token, "/Users")).status).toBe(200);
    await onlyEvent(t, "scim_connection.token_rotated", made.connection.id);
  });

  it("deletes a connection: its token stops working; audited with the connection as it was", async () => {
    const made = (await domainsCall(t, base(), owner.cookie, { json: { name: "Leaving" } })).body;
    const del = await domainsCall(t, `${base()}/${made.connection.id}`, owner.cookie, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await scimCall(t, made.token, "/Users")).status).toBe(401);
    const event = await onlyEvent(t, "scim_connection.deleted", made.connection.id);
    expect(event.targetLabel).toBe("Leaving");
    const again = await domainsCall(t, `${base()}/${made.connection.id}`, owner.cookie, { method: "DELETE" });
    expect(again.status).toBe(404);
  });

  it("is for owners only: admins and members 403, outsiders 404, no session 401, API keys and foreign origins 403", async () => {
    for (const who of [admin, member]) {
      expect((await domainsCall(t, base(), who.cookie)).status).toBe(403);
      const post = await domainsCall(t, base(), who.cookie, { json: { name: "Mine" } });
      expect(post.status).toBe(403);
      expect(post.body.code).toBe("FORBIDDEN");
    }
    expect((await domainsCall(t, base(), outsider.cookie)).status).toBe(404);
    expect((await domainsCall(t, base(), undefined)).status).toBe(401);
    const byKey = await domainsCall(t, base(), owner.cookie, { headers: { "x-api-key": "gh_whatever" } });
    expect(byKey.status).toBe(403);
    const foreign = await domainsCall(t, base(), owner.cookie, {
      json: { name: "Evil" },
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("INVALID_ORIGIN");
    // Another organization's connection is not this owner's to touch.
    const otherOrg = (await createOrganization(t, outsider.cookie)).id;
    const theirs = (await domainsCall(t, base(otherOrg), outsider.cookie, { json: { name: "Theirs" } })).body;
    const touch = await domainsCall(t, `${base()}/${theirs.connection.id}/rotate`, owner.cookie, {
      json: {},
    });
    expect(touch.status).toBe(404);
  });
});
