import type { Kysely } from "kysely";
import { linkIn } from "./smtp-sink.ts";
import type { TestApp } from "./test-app.ts";
import { createUser, signUpVerified, type UserInput } from "./users.ts";

let counter = 0;

/** Status, headers and parsed JSON body of one API call (POST when `json` is given). */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
export async function api<T = any>(app: TestApp, path: string, cookie?: string, json?: unknown) {
  const res = await app.request(`/api/auth${path}`, { cookie, json });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * The same with an API key, as a backend calls: no cookie and no Origin (a server sends neither), as curl
 * would. POST when `json` is given.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
export async function withApiKey<T = any>(app: TestApp, key: string, path: string, json?: unknown) {
  const headers = new Headers({ "x-api-key": key });
  if (json !== undefined) headers.set("content-type", "application/json");
  const res = await app.server.app.request(`/api/auth${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

export interface OrganizationInput {
  name: string;
  slug: string;
}

/** Plain data for a new organization; override any field. */
export function organizationInput(overrides: Partial<OrganizationInput> = {}): OrganizationInput {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `Org ${counter}`, slug: `org-${id}`, ...overrides };
}

/** Creates an organization as the cookie's user (who becomes its owner) and returns it. */
export async function createOrganization(
  app: TestApp,
  cookie: string,
  overrides: Partial<OrganizationInput> = {},
) {
  const res = await api(app, "/organization/create", cookie, organizationInput(overrides));
  if (res.status !== 200)
    throw new Error(`create organization failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    id: string;
    name: string;
    slug: string;
    members: { id: string; userId: string; role: string }[];
  };
}

/** The invitation id from the last invitation mail to `email` (its link is /accept-invitation/<id>). */
export async function invitationIdFromMail(app: TestApp, email: string, skip = 0): Promise<string> {
  await app.sink.waitFor(email, /invited you/i);
  const mails = app.sink.mails.filter(
    (m) => m.to.includes(email.toLowerCase()) && /invited you/i.test(m.subject),
  );
  const mail = mails[mails.length - 1 - skip];
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  const link = linkIn(mail, `${app.config.baseURL}/accept-invitation/`);
  return decodeURIComponent(new URL(link).pathname.split("/accept-invitation/")[1] ?? "");
}

/** Invites an email into an organization and returns the invitation as the API answered it. */
export async function invite(
  app: TestApp,
  cookie: string,
  organizationId: string,
  email: string,
  role: string | string[] = "member",
  extra: Record<string, unknown> = {},
) {
  const res = await api(app, "/organization/invite-member", cookie, {
    email,
    role,
    organizationId,
    ...extra,
  });
  if (res.status !== 200) throw new Error(`invite failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    id: string;
    email: string;
    role: string;
    status: string;
    expiresAt: string;
    teamId: string | null;
  };
}

/** A new verified user, invited with `role` and accepted through the mailed invitation id. */
export async function inviteAndAccept(
  app: TestApp,
  ownerCookie: string,
  organizationId: string,
  role: string | string[] = "member",
  user: UserInput = createUser(),
) {
  const signedUp = await signUpVerified(app, user);
  await invite(app, ownerCookie, organizationId, signedUp.email, role);
  const invitationId = await invitationIdFromMail(app, signedUp.email);
  const res = await api(app, "/organization/accept-invitation", signedUp.cookie, { invitationId });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    ...signedUp,
    member: res.body.member as { id: string; userId: string; role: string },
    invitationId,
  };
}

/** Invites an existing signed-up user into an organization and accepts as them; returns the membership. */
export async function addMember(
  app: TestApp,
  ownerCookie: string,
  organizationId: string,
  user: { email: string; cookie: string },
  role: string | string[] = "member",
) {
  await invite(app, ownerCookie, organizationId, user.email, role);
  const invitationId = await invitationIdFromMail(app, user.email);
  const res = await api(app, "/organization/accept-invitation", user.cookie, { invitationId });
  if (res.status !== 200) throw new Error(`accept failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.member as { id: string; userId: string; role: string; organizationId: string };
}

/** Inserts a membership row directly (no mail, no hashing): for seeding, not for the behaviour under test. */
export async function seedMember(app: TestApp, organizationId: string, userId: string, role = "member") {
  const ctx = await app.server.auth.$context;
  return (await ctx.adapter.create({
    model: "member",
    data: { organizationId, userId, role, createdAt: new Date() },
  })) as { id: string; userId: string; role: string; organizationId: string };
}

/** The user id behind a session cookie. */
export async function userIdOf(app: TestApp, cookie: string): Promise<string> {
  const res = await api(app, "/get-session", cookie);
  return res.body.user.id as string;
}

/** A new verified, signed-in user with their id. */
export async function signUpWithId(app: TestApp, input: UserInput = createUser()) {
  const user = await signUpVerified(app, input);
  return { ...user, id: await userIdOf(app, user.cookie) };
}

/** A date as the database under test stores it (SQLite: ISO text, PostgreSQL: timestamp). */
export function dbDate(app: TestApp, date = new Date()): Date | string {
  return app.server.database.kind === "sqlite" ? date.toISOString() : date;
}

/**
 * Inserts `count` verified users and makes them members of an organization, in batches through Kysely
 * (thousands of sign-ups would spend minutes hashing passwords). Names are `${prefix} 00042`.
 */
export async function seedMembers(app: TestApp, organizationId: string, count: number, prefix = "Seeded") {
  const db = rawDb(app);
  const now = dbDate(app);
  // Members join one millisecond apart, in name order, after anyone already in the organization.
  const start = Date.now() + 1000;
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  for (let batch = 0; batch < count; batch += 500) {
    const users = [];
    const members = [];
    for (let i = batch; i < Math.min(count, batch + 500); i++) {
      const n = String(i).padStart(5, "0");
      const id = `seed-${tag}-${n}`;
      users.push({
        id,
        name: `${prefix} ${n}`,
        email: `${prefix.toLowerCase()}-${tag}-${n}@example.test`,
        emailVerified: app.server.database.kind === "sqlite" ? 1 : true,
        createdAt: now,
        updatedAt: now,
      });
      const joined = dbDate(app, new Date(start + i));
      members.push({ id: `m-${id}`, organizationId, userId: id, role: "member", createdAt: joined });
    }
    await db.insertInto("user").values(users).execute();
    await db.insertInto("member").values(members).execute();
  }
}

/** The app's database without a schema type, for seeding and checking rows in tests. */
// biome-ignore lint/suspicious/noExplicitAny: tests read better-auth's tables, which have no Kysely types here
export function rawDb(app: TestApp): Kysely<any> {
  return app.server.database.db as Kysely<never>;
}

/** The arguments of createCustomRole after the app: who asks, the organization, the role and what it grants. */
export type RoleArgs = [
  cookie: string,
  organizationId: string,
  role: string,
  permission: object,
  description?: string,
];

/** POST /organization/create-role (better-auth's dynamic access control), with an optional description. */
export function createCustomRole(
  app: TestApp,
  ...[cookie, organizationId, role, permission, description]: RoleArgs
) {
  return api(app, "/organization/create-role", cookie, {
    organizationId,
    role,
    permission,
    ...(description === undefined ? {} : { additionalFields: { description } }),
  });
}
