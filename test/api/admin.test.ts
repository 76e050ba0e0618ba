import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, startTestApp, type TestApp, testDatabase } from "../support/test-app.ts";
import { createUser, signUpVerified } from "../support/users.ts";

const ADMIN_EMAIL = "boss@example.test";

describe(`admin API (${testDatabase})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpVerified>>;
  let plain: Awaited<ReturnType<typeof signUpVerified>>;

  const session = async (cookie: string) => (await t.request("/api/auth/get-session", { cookie })).json();
  const userId = async (cookie: string) => (await session(cookie)).user.id as string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: `someone@else.test, ${ADMIN_EMAIL.toUpperCase()}` });
    admin = await signUpVerified(t, createUser({ email: ADMIN_EMAIL, name: "The Boss" }));
    plain = await signUpVerified(t);
  });
  afterAll(() => t.close());

  it("grants the admin role to an ADMIN_EMAILS address only once it is verified", async () => {
    expect((await session(admin.cookie)).user.role).toBe("admin");
    expect((await session(plain.cookie)).user.role).toBe("user");

    // Unverified, the listed address is an ordinary user.
    const other = createUser({ email: "someone@else.test" });
    await t.request("/api/auth/sign-up/email", { json: other });
    const rows = await t.server.database.db
      // biome-ignore lint/suspicious/noExplicitAny: better-auth's table
      .selectFrom("user" as any)
      .select(["role", "emailVerified"])
      .where("email", "=", other.email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.role).toBe("user");
  });

  const adminCalls: Array<[string, Record<string, unknown> | undefined]> = [
    ["/api/auth/admin/list-users", undefined],
    ["/api/auth/admin/create-user", { email: "new@example.test", password: "password 12345", name: "New" }],
    ["/api/auth/admin/set-role", { userId: "x", role: "admin" }],
    ["/api/auth/admin/ban-user", { userId: "x" }],
    ["/api/auth/admin/unban-user", { userId: "x" }],
    ["/api/auth/admin/list-user-sessions", { userId: "x" }],
    ["/api/auth/admin/revoke-user-sessions", { userId: "x" }],
    ["/api/auth/admin/impersonate-user", { userId: "x" }],
    ["/api/auth/admin/remove-user", { userId: "x" }],
    ["/api/auth/admin/set-user-password", { userId: "x", newPassword: "password 12345" }],
  ];

  it("answers every admin call with 403 to a signed-in non-admin, and writes nothing", async () => {
    const target = await userId(plain.cookie);
    for (const [path, body] of adminCalls) {
      const json = body ? { ...body, userId: target } : undefined;
      const res = json
        ? await t.request(path, { cookie: plain.cookie, json })
        : await t.request(path, { cookie: plain.cookie });
      expect(res.status, path).toBe(403);
    }
    // Still signed in, still a plain user, not banned.
    const s = await session(plain.cookie);
    expect(s.user.role).toBe("user");
    expect(s.user.banned).toBeFalsy();
  });

  it("answers admin calls with 401 when signed out", async () => {
    const res = await t.request("/api/auth/admin/list-users");
    expect(res.status).toBe(401);
  });

  it("lists users with search, paging and a total", async () => {
    const res = await t.request(
      `/api/auth/admin/list-users?searchField=email&searchOperator=contains&searchValue=boss&limit=10&offset=0`,
      { cookie: admin.cookie },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.users.map((u: { email: string }) => u.email)).toEqual([ADMIN_EMAIL]);
    expect(body.total).toBe(1);
  });

  it("searches name and address together when no field is named, paging and counting the matches", async () => {
    const tag = `quill${Date.now()}`;
    // One matches by name only, one by address only, one by both; the fourth not at all.
    await signUpVerified(t, createUser({ name: `Ada ${tag}`, email: `ada-${Date.now()}@example.test` }));
    await signUpVerified(t, createUser({ name: "Bea", email: `bea-${tag}@example.test` }));
    await signUpVerified(t, createUser({ name: `Cy ${tag}`, email: `cy-${tag}@example.test` }));
    await signUpVerified(t, createUser({ name: "Dee" }));
    const list = async (query: string, cookie = admin.cookie) =>
      t.request(`/api/auth/admin/list-users?searchValue=${tag}&${query}`, { cookie });

    const all = await list("sortBy=name&sortDirection=asc");
    expect(all.status).toBe(200);
    const body = await all.json();
    expect(body.users.map((u: { name: string }) => u.name)).toEqual([`Ada ${tag}`, "Bea", `Cy ${tag}`]);
    expect(body.total).toBe(3);

    const second = await (await list("sortBy=name&sortDirection=asc&limit=1&offset=1")).json();
    expect(second.users.map((u: { name: string }) => u.name)).toEqual(["Bea"]);
    expect([second.total, second.limit, second.offset]).toEqual([3, 1, 1]);

    // A filter narrows the matches; a named field is better-auth's search of that field alone.
    const filtered = await (await list("filterField=name&filterOperator=eq&filterValue=Bea")).json();
    expect(filtered.users.map((u: { name: string }) => u.name)).toEqual(["Bea"]);
    expect(filtered.total).toBe(1);
    const byName = await (await list("searchField=name")).json();
    expect(byName.total).toBe(2);

    expect((await list("", plain.cookie)).status).toBe(403);
    expect((await list("", "")).status).toBe(401);
    expect((await list("limit=-1")).status).toBe(400);
  });

  it("creates a user and sets a role", async () => {
    const input = createUser();
    const created = await t.request("/api/auth/admin/create-user", {
      cookie: admin.cookie,
      json: { ...input, role: "user" },
    });
    expect(created.status).toBe(200);
    const { user } = await created.json();
    const promoted = await t.request("/api/auth/admin/set-role", {
      cookie: admin.cookie,
      json: { userId: user.id, role: "admin" },
    });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).user.role).toBe("admin");
  });

  it("bans with a reason: the open session dies at once and sign-in shows the reason; unban restores", async () => {
    const victim = await signUpVerified(t);
    const victimId = await userId(victim.cookie);
    const ban = await t.request("/api/auth/admin/ban-user", {
      cookie: admin.cookie,
      json: { userId: victimId, banReason: "Spamming the forum", banExpiresIn: 3600 },
    });
    expect(ban.status).toBe(200);

    // The open session is gone; the answer that says so leaves this browser a note to read the reason by.
    const ended = await t.request("/api/auth/get-session", { cookie: victim.cookie });
    expect(await ended.json()).toBeNull();
    const notice = cookiesFrom(ended);
    expect(notice).toMatch(/^gatehouse\.ban_notice=[\w-]+$/);
    const read = async (cookie: string) => (await t.request("/api/auth/ban-notice", { cookie })).json();
    const told = await read(notice);
    expect(told.message).toMatch(
      /^Your account is suspended: Spamming the forum\. The suspension ends .+Z\.$/,
    );
    // Nobody else can ask: no note, or a made-up one, tells nothing.
    expect(await read("")).toBeNull();
    expect(await read("gatehouse.ban_notice=made-up")).toBeNull();
    // Another person's dead cookie gets no note.
    const stranger = await signUpVerified(t);
    await t.request("/api/auth/sign-out", { cookie: stranger.cookie, json: {} });
    expect(cookiesFrom(await t.request("/api/auth/get-session", { cookie: stranger.cookie }))).toBe("");
    const signIn = await t.request("/api/auth/sign-in/email", {
      json: { email: victim.email, password: victim.password },
    });
    expect(signIn.status).toBe(403);
    const refused = await signIn.json();
    expect(refused.code).toBe("BANNED_USER");
    expect(refused.message).toContain("Spamming the forum");
    // The end as an instant the web writes in the reader's zone, not the server's GMT text.
    expect(refused.message).toMatch(/The suspension ends \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\.$/);

    const unban = await t.request("/api/auth/admin/unban-user", {
      cookie: admin.cookie,
      json: { userId: victimId },
    });
    expect(unban.status).toBe(200);
    // Once lifted, the note tells nothing.
    expect(await read(notice)).toBeNull();
    const again = await t.request("/api/auth/sign-in/email", {
      cookie: notice,
      json: { email: victim.email, password: victim.password },
    });
    expect(again.status).toBe(200);
    // Signed in again, the browser forgets the note.
    expect(again.headers.getSetCookie().some((c) => /^gatehouse\.ban_notice=;.*Max-Age=0/i.test(c))).toBe(
      true,
    );
  });

  it("impersonates a user and stops; admins cannot be impersonated", async () => {
    const target = await signUpVerified(t);
    const targetId = await userId(target.cookie);
    const res = await t.request("/api/auth/admin/impersonate-user", {
      cookie: admin.cookie,
      json: { userId: targetId },
    });
    expect(res.status).toBe(200);
    const actingCookie = `${cookiesFrom(res)}; ${admin.cookie
      .split("; ")
      .filter((c) => !c.includes("session_token"))
      .join("; ")}`;
    const acting = await session(actingCookie);
    expect(acting.user.email).toBe(target.email);
    expect(acting.session.impersonatedBy).toBe(await userId(admin.cookie));

    const stop = await t.request("/api/auth/admin/stop-impersonating", {
      cookie: cookiesFrom(res),
      json: {},
    });
    expect(stop.status).toBe(200);
    expect((await session(cookiesFrom(stop))).user.email).toBe(ADMIN_EMAIL);

    const otherAdmin = await t.request("/api/auth/admin/create-user", {
      cookie: admin.cookie,
      json: { ...createUser(), role: "admin" },
    });
    const { user } = await otherAdmin.json();
    const refused = await t.request("/api/auth/admin/impersonate-user", {
      cookie: admin.cookie,
      json: { userId: user.id },
    });
    expect(refused.status).toBe(403);
  });

  it("revokes a user's sessions", async () => {
    const target = await signUpVerified(t);
    const res = await t.request("/api/auth/admin/revoke-user-sessions", {
      cookie: admin.cookie,
      json: { userId: await userId(target.cookie) },
    });
    expect(res.status).toBe(200);
    expect(await session(target.cookie)).toBeNull();
  });

  it("shows an admin a user's linked accounts (without tokens) and organizations with roles", async () => {
    const member = await signUpVerified(t);
    const memberId = await userId(member.cookie);
    const org = await t.request("/api/auth/organization/create", {
      cookie: member.cookie,
      json: { name: "Overview Org", slug: `overview-${Date.now()}` },
    });
    expect(org.status).toBe(200);

    const forbidden = await t.request(`/api/admin/users/${memberId}/overview`, { cookie: plain.cookie });
    expect(forbidden.status).toBe(403);
    expect((await t.request(`/api/admin/users/${memberId}/overview`)).status).toBe(401);
    expect((await t.request("/api/admin/users/nobody/overview", { cookie: admin.cookie })).status).toBe(404);

    const res = await t.request(`/api/admin/users/${memberId}/overview`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.accounts).toHaveLength(1);
    expect(body.accounts[0]).toMatchObject({ providerId: "credential" });
    expect(JSON.stringify(body)).not.toMatch(/password|accessToken|refreshToken|idToken/);
    expect(body.organizations).toEqual([expect.objectContaining({ name: "Overview Org", roles: ["owner"] })]);
  });
});
