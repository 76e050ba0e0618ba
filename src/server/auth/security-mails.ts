import { createHash, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { UAParser } from "ua-parser-js";
import { z } from "zod";
import type { HookContext } from "#server/auth/overrides.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { type SecurityEvent, type SecurityFacts, securityMail } from "#server/mail/templates.ts";

export type { SecurityEvent };

/** A "this wasn't me" link works once, for this many days. */
export const NOT_ME_DAYS = 7;
/** The reset token a "this wasn't me" link hands over lives as long as a mailed one (SPEC §9: 3600 s). */
const RESET_SECONDS = 3600;
/** The device cookie: a random id, kept about as long as browsers allow (400 days). */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/**
 * The one place that decides which events mail the account (after the path succeeded). A sign-in is
 * found wherever a session is made (SIGN_IN_PATHS); an email change's last step is Gatehouse's own
 * (features/accounts/email-change.ts) and calls `notify` with "email-changed".
 */
export const PATH_EVENTS: Record<string, SecurityEvent> = {
  "/change-password": "password-changed",
  "/set-password": "password-changed",
  "/reset-password": "password-reset",
  "/two-factor/disable": "two-factor-disabled",
  "/two-factor/generate-backup-codes": "backup-codes-regenerated",
  "/passkey/verify-registration": "passkey-added",
};

/** Paths that sign someone in (a session is made for them): where a new device is noticed. */
const SIGN_IN_PATHS = [
  /^\/sign-in\//,
  /^\/callback\//,
  /^\/oauth2\/callback\//,
  /^\/magic-link\/verify$/,
  /^\/verify-email$/,
  /^\/two-factor\/verify-/,
  /^\/passkey\/verify-authentication$/,
];

export interface SecurityMailsDeps {
  appName: string;
  /** BETTER_AUTH_URL: where the web app's "this wasn't me" page is. */
  baseURL: string;
  mailer: Mailer;
  /** Place headers of a proxy (CF-IPCountry, X-Vercel-IP-City…) are believed only behind a trusted proxy. */
  trustProxy: boolean;
}

type MailUser = { id: string; email: string; name: string; locale?: unknown };

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** The verification row of a "this wasn't me" token: its value is the account's id. */
export const notMeIdentifier = (token: string) => `not-me:${sha256(token)}`;

/** The browser ("Firefox 128") and system ("Windows 10") a user agent names, as far as it does. */
function deviceOf(userAgent: string | null | undefined): SecurityFacts["device"] {
  const { browser, os } = UAParser(userAgent ?? "");
  const name = browser.name ? [browser.name, browser.major].filter(Boolean).join(" ") : undefined;
  const system = os.name ? [os.name, os.version].filter(Boolean).join(" ") : undefined;
  return { browser: name, system };
}

/** The place a trusted proxy reported (Cloudflare's country, Vercel's city and country), if any. */
function placeOf(headers: Headers | undefined): SecurityFacts["place"] {
  if (!headers) return undefined;
  const country = (headers.get("x-vercel-ip-country") ?? headers.get("cf-ipcountry") ?? "").toUpperCase();
  const rawCity = headers.get("x-vercel-ip-city") ?? headers.get("cf-ipcity") ?? "";
  let city = "";
  try {
    city = decodeURIComponent(rawCity)
      .replace(/[\p{Cc}]/gu, "")
      .slice(0, 80);
  } catch {
    city = "";
  }
  // XX: unknown, T1: Tor (Cloudflare). The mail names the country in its own language.
  const known = /^[A-Z]{2}$/.test(country) && country !== "XX" && country !== "T1";
  if (!city && !known) return undefined;
  return { city: city || undefined, country: known ? country : undefined };
}

/**
 * Security mails: a notice to the account's address after each event of PATH_EVENTS and after a
 * sign-in from a device not seen before, with when, the device, the address and place where known, and a
 * "this wasn't me" link (POST /security/not-me) that signs out every session and hands over a reset token.
 */
export function createSecurityMails(deps: SecurityMailsDeps) {
  function factsOf(
    ctx: HookContext,
    known?: { ip?: string | null; userAgent?: string | null },
  ): SecurityFacts {
    const headers = ctx.request?.headers ?? ctx.headers;
    const ip = known?.ip ?? (ctx.request ? getIP(ctx.request, ctx.context.options) : null) ?? undefined;
    return {
      when: new Date(),
      device: deviceOf(known?.userAgent ?? headers?.get("user-agent")),
      ip: ip || undefined,
      place: deps.trustProxy ? placeOf(headers) : undefined,
    };
  }

  /** Mails one event to `to` (the account's address unless told), with a fresh "this wasn't me" link. */
  async function notify(
    ctx: HookContext,
    event: SecurityEvent,
    user: MailUser,
    options: { to?: string; facts?: SecurityFacts; newEmail?: string } = {},
  ): Promise<void> {
    const token = randomBytes(32).toString("base64url");
    await ctx.context.internalAdapter.createVerificationValue({
      identifier: notMeIdentifier(token),
      value: user.id,
      expiresAt: new Date(Date.now() + NOT_ME_DAYS * 24 * 60 * 60 * 1000),
    });
    await deps.mailer.sendMail(
      options.to ?? user.email,
      securityMail({
        locale: mailLocale(deps.mailer.languages, { user, request: ctx.request ?? ctx.headers }),
        appName: deps.appName,
        name: user.name,
        event,
        newEmail: options.newEmail,
        facts: options.facts ?? factsOf(ctx),
        notMeUrl: `${deps.baseURL}/not-me?token=${token}`,
        notMeDays: NOT_ME_DAYS,
      }),
    );
  }

  /** A new session: is its device one the account has used before? The first device ever is not news. */
  async function noticeDevice(ctx: HookContext): Promise<void> {
    const made = ctx.context.newSession;
    if (!made || (made.session as { impersonatedBy?: string | null }).impersonatedBy) return;
    const cookie = ctx.context.createAuthCookie("device", { maxAge: DEVICE_COOKIE_SECONDS });
    let deviceId = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!deviceId) {
      deviceId = randomBytes(24).toString("base64url");
      await ctx.setSignedCookie(cookie.name, deviceId, ctx.context.secret, cookie.attributes);
    }
    const userAgent = made.session.userAgent ?? null;
    const ip = made.session.ipAddress ?? null;
    const deviceHash = sha256(deviceId);
    const fingerprint = sha256(`${userAgent ?? ""}|${ip ?? ""}`);
    const adapter = ctx.context.adapter;
    const seen = await adapter.findMany<{ id: string; deviceHash: string; fingerprint: string }>({
      model: "seenDevice",
      where: [{ field: "userId", value: made.user.id }],
    });
    const match = seen.find((d) => d.deviceHash === deviceHash || d.fingerprint === fingerprint);
    const now = new Date();
    if (match) {
      await adapter.update({
        model: "seenDevice",
        where: [{ field: "id", value: match.id }],
        update: { deviceHash, fingerprint, lastSeenAt: now },
      });
      return;
    }
    await adapter.create({
      model: "seenDevice",
      data: { userId: made.user.id, deviceHash, fingerprint, userAgent, createdAt: now, lastSeenAt: now },
    });
    if (seen.length > 0)
      await notify(ctx, "new-sign-in", made.user, { facts: factsOf(ctx, { ip, userAgent }) });
  }

  /** Whose password a reset link is about to set, read before better-auth spends the token. */
  const resetOwners = new WeakMap<Request, string>();

  /** The endpoint did what it was asked: an answer or a redirect (better-auth throws those), not an error. */
  const succeeded = (returned: unknown) => {
    if (returned === undefined || returned === null) return false;
    if (isAPIError(returned)) return returned.statusCode < 400;
    if (returned instanceof Error) return false;
    if (returned instanceof Response) return returned.status < 400;
    return !(typeof returned === "object" && "status" in returned && returned.status === false);
  };

  const notMe = createAuthEndpoint(
    "/security/not-me",
    {
      method: "POST",
      body: z.object({ token: z.string().min(1).max(512) }),
      metadata: {
        openapi: {
          operationId: "securityNotMe",
          description:
            '"This wasn\'t me": spends the mailed token, signs out every session of its account and answers a password reset token.',
        },
      },
    },
    async (ctx) => {
      const row = await ctx.context.internalAdapter.consumeVerificationValue(notMeIdentifier(ctx.body.token));
      const user = row ? await ctx.context.internalAdapter.findUserById(row.value) : null;
      if (!row || !user || new Date(row.expiresAt).getTime() <= Date.now()) {
        throw APIError.from("BAD_REQUEST", {
          code: "INVALID_TOKEN",
          message: "This link has expired or was already used.",
        });
      }
      await ctx.context.internalAdapter.deleteUserSessions(user.id);
      deleteSessionCookie(ctx);
      // A reset token like a mailed one (better-auth's reset-password:<token> row), handed to the person
      // who holds the mail: after an email change that is the previous address, whose owner may be the
      // only one left who can take the account back.
      const resetToken = randomBytes(18).toString("base64url");
      await ctx.context.internalAdapter.createVerificationValue({
        identifier: `reset-password:${resetToken}`,
        value: user.id,
        expiresAt: new Date(Date.now() + RESET_SECONDS * 1000),
      });
      return ctx.json({ status: true, resetToken });
    },
  );

  const plugin = {
    id: "gatehouse-security-mails",
    schema: {
      seenDevice: {
        fields: {
          userId: {
            type: "string",
            required: true,
            references: { model: "user", field: "id", onDelete: "cascade" },
            index: true,
          },
          deviceHash: { type: "string", required: true },
          fingerprint: { type: "string", required: true },
          userAgent: { type: "string", required: false },
          createdAt: { type: "date", required: true },
          lastSeenAt: { type: "date", required: true },
        },
      },
    },
    endpoints: { securityNotMe: notMe },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/reset-password",
          handler: createAuthMiddleware(async (ctx) => {
            const token = (ctx.body as { token?: unknown } | undefined)?.token;
            if (typeof token !== "string" || !ctx.request) return;
            const row = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
            if (row) resetOwners.set(ctx.request, row.value);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => SIGN_IN_PATHS.some((p) => p.test(ctx.path ?? "")),
          handler: createAuthMiddleware(async (ctx) => {
            if (succeeded(ctx.context.returned)) await noticeDevice(ctx);
          }),
        },
        {
          matcher: (ctx) => Object.hasOwn(PATH_EVENTS, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const event = PATH_EVENTS[ctx.path];
            if (!event || !succeeded(ctx.context.returned)) return;
            const userId =
              event === "password-reset"
                ? ctx.request && resetOwners.get(ctx.request)
                : ctx.context.session?.user.id;
            if (!userId) return;
            const user = await ctx.context.internalAdapter.findUserById(userId);
            if (user) await notify(ctx, event, user);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { plugin, notify };
}

export type SecurityMails = ReturnType<typeof createSecurityMails>;
