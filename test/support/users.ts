import { linkIn, type SmtpSink } from "./smtp-sink.ts";
import { cookiesFrom, type TestApp } from "./test-app.ts";

let counter = 0;

/** A unique address, e.g. `user-lx2k4r7.example.test`, so tests never collide on an email. */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}${counter}@example.test`;
}

export interface UserInput {
  name: string;
  email: string;
  password: string;
}

/** Plain data for a new user; override any field. */
export function createUser(overrides: Partial<UserInput> = {}): UserInput {
  const email = uniqueEmail();
  return { name: `Test User ${counter}`, email, password: "correct horse battery", ...overrides };
}

/**
 * One request to a Gatehouse (in-process, spawned or started for a browser): POST with `json`, else GET,
 * with the app's trusted Origin, redirects not followed.
 */
export type Requester = (path: string, init?: { json?: unknown }) => Promise<Response>;

/**
 * The one sign-up of the test suites: signs up through the API, follows the mailed verification link
 * (which signs in) and returns the session cookie. `linkBase` is the public URL the mails carry.
 */
export async function signUpThroughMail(
  request: Requester,
  sink: SmtpSink,
  input: UserInput,
  options: { linkBase: string; callbackURL?: string; timeoutMs?: number },
): Promise<string> {
  const json = options.callbackURL ? { ...input, callbackURL: options.callbackURL } : input;
  const res = await request("/api/auth/sign-up/email", { json });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await sink.waitFor(input.email, /verify/i, options.timeoutMs);
  const link = new URL(linkIn(mail, options.linkBase));
  const verify = await request(link.pathname + link.search);
  const cookie = cookiesFrom(verify);
  if (!cookie.includes("session_token")) throw new Error(`verification did not sign in: ${verify.status}`);
  return cookie;
}

/** Signs up in-process, follows the mailed verification link, and returns the user with its session cookie. */
export async function signUpVerified(app: TestApp, input: UserInput = createUser()) {
  const request: Requester = (path, init) => app.request(path, init);
  const cookie = await signUpThroughMail(request, app.sink, input, {
    linkBase: app.config.baseURL,
    callbackURL: "/verified",
  });
  return { ...input, cookie };
}

export interface SessionInfo {
  session: { id: string; token: string; userId: string; createdAt: string; updatedAt: string };
  user: { id: string; email: string; emailVerified: boolean; name: string; image: string | null };
}

/** Signs in with email and password (optionally as another browser) and returns the session cookie. */
export async function signIn(
  app: TestApp,
  input: { email: string; password: string },
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await app.request("/api/auth/sign-in/email", {
    headers,
    json: { email: input.email, password: input.password },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}

/** What GET /get-session answers for a cookie: the session and user, or null when signed out. */
export async function sessionOf(app: TestApp, cookie: string): Promise<SessionInfo | null> {
  const res = await app.request("/api/auth/get-session", { cookie });
  if (res.status !== 200) throw new Error(`get-session failed: ${res.status}`);
  return (await res.json()) as SessionInfo | null;
}

/**
 * Makes a session look `seconds` older, so it is no longer fresh (session.freshAge).
 * The trick: move session.createdAt back where the server reads it — the database
 * row through the server's own adapter and, with Redis, the cached copy, which
 * better-auth reads first (its updateSession keeps createdAt, so it cannot do this).
 */
export async function backdateSession(app: TestApp, cookie: string, seconds: number): Promise<void> {
  const info = await sessionOf(app, cookie);
  if (!info) throw new Error("backdateSession: not signed in");
  const createdAt = new Date(new Date(info.session.createdAt).getTime() - seconds * 1000);
  const ctx = await app.server.auth.$context;
  await ctx.adapter.update({
    model: "session",
    where: [{ field: "token", value: info.session.token }],
    update: { createdAt },
  });
  const storage = ctx.options.secondaryStorage;
  const cached = await storage?.get(info.session.token);
  if (storage && typeof cached === "string") {
    const entry = JSON.parse(cached);
    entry.session.createdAt = createdAt.toISOString();
    await storage.set(info.session.token, JSON.stringify(entry), 3600);
  }
}

/**
 * Seeds a linked social account row, as a completed OAuth sign-in would leave it
 * (no provider is configured in these tests; social-sign-in.test.ts covers real OAuth).
 */
export async function seedLinkedAccount(
  app: TestApp,
  userId: string,
  account: { providerId: string; accountId: string },
): Promise<string> {
  const ctx = await app.server.auth.$context;
  const row = await ctx.internalAdapter.createAccount({ userId, ...account });
  return row.id;
}

/** Sets fields on a user through the server's adapter (caches included), e.g. to seed an unverified account. */
export async function updateUserRow(
  app: TestApp,
  userId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  const ctx = await app.server.auth.$context;
  await ctx.internalAdapter.updateUser(userId, fields);
}
