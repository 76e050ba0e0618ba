import { expect } from "vitest";
import { linkIn, type ReceivedMail } from "./smtp-sink.ts";
import type { TestApp } from "./test-app.ts";

/** Opens a mailed link as the browser holding `cookie` would (none: signed out). Redirects are not followed. */
export function openLink(t: TestApp, link: string, cookie?: string): Promise<Response> {
  const url = new URL(link);
  return t.request(url.pathname + url.search, { cookie });
}

/** The mails to `email` that arrived after the first `since`. */
export function mailsTo(t: TestApp, email: string, since = 0): ReceivedMail[] {
  return t.sink.mails.slice(since).filter((m) => m.to.includes(email.toLowerCase()));
}

/**
 * Asks for an email sign-in code for `email` and reads it from the mail's subject ("123456 is your Gatehouse
 * sign-in code"), with the mail it came in. The request must be answered 200 `{success: true}`.
 */
export async function mailedSignInCode(
  t: TestApp,
  email: string,
  headers?: Record<string, string>,
): Promise<{ code: string; mail: ReceivedMail }> {
  const since = t.sink.mails.length;
  const res = await t.request("/api/auth/email-otp/send-verification-otp", {
    headers,
    json: { email, type: "sign-in" },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ success: true });
  const codeMail = () => mailsTo(t, email, since).find((m) => /sign-in code/.test(m.subject));
  await expect.poll(() => codeMail() !== undefined).toBe(true);
  const mail = codeMail() as ReceivedMail;
  const code = mail.subject.match(/^(\d{6}) /)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return { code: code ?? "", mail };
}

/**
 * Waits until every mail queued so far has reached the sink (or failed), so that "nothing was sent" means
 * something. Mails are queued inside the request that causes them and delivered off its path by the queue's
 * worker (mail/queue.ts): once the queue has settled, a mail that is not in the sink was never queued. It
 * replaces a fixed 600 ms pause, and ends as soon as the queue is idle.
 */
export function settle(t: TestApp): Promise<void> {
  return t.server.mailer.queue.settled();
}

/** Waits for the next mail to `email` matching `subject` after `since` mails, and returns its link under `path`. */
export async function nextLink(
  t: TestApp,
  email: string,
  subject: RegExp,
  path: string,
  since: number,
): Promise<string> {
  await expect
    .poll(() => mailsTo(t, email, since).some((m) => subject.test(m.subject)), { timeout: 10_000 })
    .toBe(true);
  const mail = mailsTo(t, email, since).find((m) => subject.test(m.subject));
  if (!mail) throw new Error(`no mail to ${email} matching ${subject}`);
  return linkIn(mail, `${t.config.baseURL}${path}`);
}

/** Asks for a password reset of `email` and returns the mailed token. */
export async function resetToken(t: TestApp, email: string): Promise<string> {
  const since = t.sink.mails.length;
  const res = await t.request("/api/auth/request-password-reset", {
    json: { email, redirectTo: "/reset-password" },
  });
  expect(res.status).toBe(200);
  const link = await nextLink(t, email, /reset/i, "/api/auth/reset-password/", since);
  return new URL(link).pathname.split("/").pop() ?? "";
}

/** Asks for a delete-account link from a fresh session and returns it. */
export async function deleteLink(t: TestApp, user: { email: string; cookie: string }): Promise<string> {
  const since = t.sink.mails.length;
  const res = await t.request("/api/auth/delete-user", {
    cookie: user.cookie,
    json: { callbackURL: "/bye" },
  });
  expect(res.status).toBe(200);
  return nextLink(t, user.email, /confirm deleting/i, "/api/auth/delete-user/callback", since);
}

/** Asks for an email change and returns the approval link mailed to the current address. */
export async function approvalLink(
  t: TestApp,
  user: { email: string; cookie: string },
  newEmail: string,
): Promise<string> {
  const since = t.sink.mails.length;
  const res = await t.request("/api/auth/change-email", {
    cookie: user.cookie,
    json: { newEmail, callbackURL: "/account" },
  });
  expect(res.status).toBe(200);
  return nextLink(t, user.email, /approve your email change/i, "/api/auth/verify-email", since);
}
