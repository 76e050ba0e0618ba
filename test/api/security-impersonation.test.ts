import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/organizations.ts";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signIn, signUpVerified } from "../support/users.ts";

const ROOT_EMAIL = "root-admin@example.test";

/**
 * An impersonation session borrows its impersonator's admin rights: it must end the moment the
 * impersonator is demoted, banned or deleted, whichever way the session is read — the get-session fast
 * path (http/session-fast-path.ts) or better-auth (every other authenticated call).
 */
describe(`impersonation ends with the impersonator's admin rights (${testDatabase})`, () => {
  let t: TestApp;
  let base: string;
  let root: string;

  const userIdOf = async (cookie: string) => (await api(t, "/get-session", cookie)).body.user.id as string;

  /** get-session over real HTTP, where the hot path answers a plainly valid session itself. */
  const fastSession = async (cookie: string) => {
    const res = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return res.json();
  };

  /** A fresh admin (promoted by the root admin) impersonating a fresh user; returns both sides. */
  async function impersonation() {
    const adminInput = createUser();
    const signedUp = await signUpVerified(t, adminInput);
    const adminId = await userIdOf(signedUp.cookie);
    expect((await api(t, "/admin/set-role", root, { userId: adminId, role: "admin" })).status).toBe(200);
    const adminCookie = await signIn(t, adminInput);
    const target = await signUpVerified(t);
    const targetId = await userIdOf(target.cookie);
    const res = await t.request("/api/auth/admin/impersonate-user", {
      cookie: adminCookie,
      json: { userId: targetId },
    });
    expect(res.status).toBe(200);
    const acting = cookiesFrom(res);
    // Both paths serve the impersonation while the impersonator is an admin.
    expect((await fastSession(acting)).session.impersonatedBy).toBe(adminId);
    expect((await api(t, "/list-sessions", acting)).status).toBe(200);
    return { adminId, acting, target, targetId };
  }

  async function expectEnded(acting: string, targetCookie: string) {
    expect(await fastSession(acting)).toBeNull();
    expect((await api(t, "/get-session", acting)).body).toBeNull();
    expect((await api(t, "/list-sessions", acting)).status).toBe(401);
    const rename = await api(t, "/update-user", acting, { name: "Renamed by an ex-admin" });
    expect(rename.status).toBe(401);
    // The target's own session is untouched, and their name unchanged.
    const own = await api(t, "/get-session", targetCookie);
    expect(own.body.user.name).not.toBe("Renamed by an ex-admin");
  }

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ROOT_EMAIL });
    base = await t.listen();
    root = (await signUpVerified(t, createUser({ email: ROOT_EMAIL }))).cookie;
  });
  afterAll(() => t.close());

  it("ends when the impersonator is demoted", async () => {
    const { adminId, acting, target } = await impersonation();
    expect((await api(t, "/admin/set-role", root, { userId: adminId, role: "user" })).status).toBe(200);
    await expectEnded(acting, target.cookie);
  });

  it("ends when the impersonator is banned", async () => {
    const { adminId, acting, target } = await impersonation();
    expect((await api(t, "/admin/ban-user", root, { userId: adminId })).status).toBe(200);
    await expectEnded(acting, target.cookie);
  });

  it("ends when the impersonator is deleted", async () => {
    const { adminId, acting, target } = await impersonation();
    expect((await api(t, "/admin/remove-user", root, { userId: adminId })).status).toBe(200);
    await expectEnded(acting, target.cookie);
  });

  it("ends even when the admin role is taken away outside better-auth", async () => {
    const { adminId, acting, target } = await impersonation();
    await t.server.database.db.updateTable("user").set({ role: "user" }).where("id", "=", adminId).execute();
    await expectEnded(acting, target.cookie);
  });

  it("keeps serving an impersonation whose impersonator is still an admin", async () => {
    const { acting, targetId } = await impersonation();
    expect((await fastSession(acting)).user.id).toBe(targetId);
    expect((await api(t, "/update-user", acting, { name: "Renamed by an admin" })).status).toBe(200);
  });
});
