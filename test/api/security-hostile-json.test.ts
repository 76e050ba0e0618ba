import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_METADATA_LIMITS } from "#shared/limits.ts";
import { api, createOrganization } from "../support/organizations.ts";
import { startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

/** `{"a":{"a":…1…}}`, `depth` objects deep, written as text (JSON.stringify itself would overflow). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/**
 * Hostile JSON is a 400 in better-auth's `{ code, message }` shape, never a 500, and nothing is written:
 * deep nesting, oversized metadata, prototype keys, and updates with nothing to update.
 */
describe(`hostile JSON bodies (${testDatabase})`, () => {
  let t: TestApp;
  let cookie: string;
  let org: { id: string; slug: string };
  let teamId: string;

  const post = (path: string, body: string) =>
    t.request(`/api/auth${path}`, {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body,
    });

  async function expect400(pending: Promise<Response>) {
    const res = await pending;
    const text = await res.text();
    expect(res.status, text).toBe(400);
    const body = JSON.parse(text);
    expect(typeof body.code, text).toBe("string");
    expect(typeof body.message, text).toBe("string");
  }

  const storedOrganization = () =>
    t.server.database.db
      .selectFrom("organization")
      .selectAll()
      .where("id", "=", org.id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp();
    cookie = (await signUpVerified(t, createUser())).cookie;
    org = await createOrganization(t, cookie);
    const team = await api(t, "/organization/create-team", cookie, { name: "Crew", organizationId: org.id });
    expect(team.status).toBe(200);
    teamId = team.body.id;
  });
  afterAll(() => t.close());

  it("refuses organization metadata nested 10 000 deep, on create and on update", async () => {
    await expect400(
      post("/organization/create", `{"name":"Deep","slug":"deep-org-x","metadata":${nested(10_000)}}`),
    );
    const before = await storedOrganization();
    await expect400(
      post("/organization/update", `{"organizationId":"${org.id}","data":{"metadata":${nested(10_000)}}}`),
    );
    expect(await storedOrganization()).toEqual(before);
    expect((await api(t, "/organization/check-slug", cookie, { slug: "deep-org-x" })).status).toBe(200);
  });

  it("caps organization metadata depth and size, like pictures", async () => {
    const { maxDepth, maxBytes } = ORGANIZATION_METADATA_LIMITS;
    const update = (metadata: string) =>
      post("/organization/update", `{"organizationId":"${org.id}","data":{"metadata":${metadata}}}`);
    expect((await update(nested(maxDepth))).status).toBe(200);
    await expect400(update(nested(maxDepth + 1)));
    const fits = JSON.stringify({ note: "x".repeat(maxBytes - 20) });
    expect((await update(fits)).status).toBe(200);
    await expect400(update(JSON.stringify({ note: "x".repeat(maxBytes) })));
    await expect400(update(JSON.stringify({ list: Array.from({ length: 200_000 }, () => 1) })));
    await expect400(
      post(
        "/organization/create",
        `{"name":"Big","slug":"big-org-x","metadata":${JSON.stringify({ note: "x".repeat(maxBytes * 4) })}}`,
      ),
    );
    await expect400(update('"a string, not an object"'));
  });

  it("refuses an organization update with nothing to update", async () => {
    const before = await storedOrganization();
    await expect400(post("/organization/update", `{"organizationId":"${org.id}","data":{}}`));
    await expect400(
      post("/organization/update", `{"organizationId":"${org.id}","data":{"__proto__":{"name":"Polluted"}}}`),
    );
    await expect400(
      post("/organization/update", `{"organizationId":"${org.id}","data":{"unknown":"field"}}`),
    );
    expect(await storedOrganization()).toEqual(before);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });

  it("refuses a team update with nothing to update", async () => {
    await expect400(post("/organization/update-team", `{"teamId":"${teamId}","data":{}}`));
    await expect400(
      post("/organization/update-team", `{"teamId":"${teamId}","data":{"__proto__":{"name":"x"}}}`),
    );
  });

  it("refuses prototype keys and deep nesting in any JSON body", async () => {
    await expect400(post("/update-user", `{"__proto__":{"name":"Polluted"}}`));
    await expect400(
      post("/update-user", `{"name":"Fine","constructor":{"prototype":{"x":1}},"__proto__":{}}`),
    );
    await expect400(post("/sign-in/email", nested(10_000)));
    await expect400(post("/organization/set-active", `{"organizationId":${nested(5_000)}}`));
    await expect400(
      post("/organization/invite-member", `{"email":"a@example.test","role":[${nested(5_000)}]}`),
    );
  });

  it("refuses wrong types where a string is expected", async () => {
    for (const [path, body] of [
      ["/organization/update", { organizationId: org.id, data: { name: { first: "x" } } }],
      ["/organization/update", { organizationId: org.id, data: { slug: ["x"] } }],
      ["/organization/create", { name: 42, slug: "typed-org-x" }],
      ["/organization/update-team", { teamId, data: { name: ["x"] } }],
      ["/organization/update-member-role", { memberId: ["x"], role: "member" }],
      ["/change-password", { currentPassword: { a: 1 }, newPassword: "x".repeat(10) }],
      ["/sign-up/email", { email: ["a@example.test"], password: "long enough pw", name: "x" }],
    ] as const) {
      const res = await post(path, JSON.stringify(body));
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
  });
});
