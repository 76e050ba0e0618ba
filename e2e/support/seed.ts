import type { Browser, BrowserContext, Page } from "playwright-core";
import { fetchFrom } from "../../test/support/remote.ts";
import { linkIn } from "../../test/support/smtp-sink.ts";
import { createUser, signUpThroughMail, uniqueEmail } from "../../test/support/users.ts";
import type { E2EServer } from "./server.ts";

export interface SeededUser {
  name: string;
  email: string;
  password: string;
  /** `Cookie` header value of a signed-in session. */
  cookie: string;
}

/** Plain data for a new person named `label` (test/support's createUser); override any field. */
export function person(label: string, overrides: Partial<Omit<SeededUser, "cookie">> = {}) {
  return createUser({
    name: label,
    email: uniqueEmail(label.toLowerCase().replace(/[^a-z]+/g, "-")),
    ...overrides,
  });
}

/** One auth API call as a browser would make it (same Origin), with the session cookie when given. */
// biome-ignore lint/suspicious/noExplicitAny: journeys assert on whatever JSON came back
export async function authApi<T = any>(
  server: E2EServer,
  path: string,
  options: { cookie?: string; json?: unknown; method?: "GET" | "POST" } = {},
): Promise<T> {
  const response = await fetch(`${server.url}/api/auth${path}`, {
    method: options.method ?? (options.json === undefined ? "GET" : "POST"),
    headers: {
      Origin: server.url,
      ...(options.json === undefined ? {} : { "Content-Type": "application/json" }),
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * The built server as test/support's helpers call an app (`request` with the same Origin, a cookie, JSON), so
 * journeys seed through the same helpers as the API tests (e.g. `verifiedDomain`).
 */
export function requesterOf(server: E2EServer) {
  return {
    request(path: string, init: RequestInit & { json?: unknown; cookie?: string } = {}): Promise<Response> {
      const { json, cookie, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (!headers.has("origin")) headers.set("origin", server.url);
      if (cookie) headers.set("cookie", cookie);
      if (json !== undefined) headers.set("content-type", "application/json");
      return fetch(`${server.url}${path}`, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
        method: rest.method ?? (json !== undefined ? "POST" : "GET"),
      });
    },
  };
}

/** Signs up through the API and opens the mailed verification link, which signs in. */
export async function seedUser(server: E2EServer, input = person("Someone")): Promise<SeededUser> {
  const cookie = await signUpThroughMail(fetchFrom(server.url, server.url), server.sink, input, {
    linkBase: `${server.url}/api/auth/verify-email`,
    callbackURL: "/verified",
    timeoutMs: 15_000,
  });
  return { ...input, cookie };
}

/** A browser context already signed in with a seeded user's session cookie. */
export async function signedInContext(
  browser: Browser,
  server: E2EServer,
  user: SeededUser,
  viewport = { width: 1280, height: 860 },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addCookies(
    user.cookie.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: server.url };
    }),
  );
  return context;
}

/** The link (landing and its proof of the address) in the last invitation mail to `email`. */
export async function invitationLink(server: E2EServer, email: string): Promise<string> {
  await server.sink.waitFor(email, /invited you/i, 15_000);
  const mails = server.sink.mails.filter(
    (m) => m.to.includes(email.toLowerCase()) && /invited you/i.test(m.subject),
  );
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no invitation mail to ${email}`);
  return linkIn(mail, `${server.url}/accept-invitation/`);
}

/** The invitation id in the last invitation mail to `email`. */
export async function mailedInvitationId(server: E2EServer, email: string): Promise<string> {
  const link = new URL(await invitationLink(server, email));
  return decodeURIComponent(link.pathname.split("/").at(-1) ?? "");
}

/** Fills the sign-in form with these credentials and submits it. */
export async function submitSignIn(page: Page, server: E2EServer, email: string, password: string) {
  if (!page.url().startsWith(`${server.url}/sign-in`)) await page.goto(`${server.url}/sign-in`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in through the form and waits for the home page. */
export async function signInWithForm(page: Page, server: E2EServer, email: string, password: string) {
  await submitSignIn(page, server, email, password);
  await page.waitForURL(`${server.url}/`);
}

/** The form refuses these credentials, in plain words. */
export async function expectSignInRefused(page: Page, server: E2EServer, email: string, password: string) {
  await submitSignIn(page, server, email, password);
  await page
    .getByText(/invalid email or password/i)
    .first()
    .waitFor();
}
