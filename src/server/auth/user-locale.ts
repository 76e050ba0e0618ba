import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Locale } from "#shared/i18n/locales.ts";

/**
 * The user's own fields beyond better-auth's (issue 21): `locale`, the language they chose for the web app and
 * their mails; none while they follow their browser. Set at sign-up and by POST /update-user `{ locale }`.
 * better-auth's migration adds the column (SQLite and PostgreSQL); the web client infers the field from
 * `AuthAdditions` (boot/product-api.ts).
 */
export const USER_FIELDS = {
  locale: { type: "string", required: false, input: true },
} as const;

/** Where a body may carry a user's locale: the path and the object holding it. */
const LOCALE_BODIES: Record<string, (body: Record<string, unknown>) => unknown> = {
  "/sign-up/email": (body) => body,
  "/update-user": (body) => body,
  "/admin/create-user": (body) => body.data,
  "/admin/update-user": (body) => body.data,
};

/** Refuses (400 INVALID_LOCALE) a `locale` that is not one of the configured languages; nothing is stored. */
export function checkLocaleInput(locales: readonly Locale[], holder: unknown): void {
  if (holder === null || typeof holder !== "object" || !Object.hasOwn(holder, "locale")) return;
  const value = (holder as { locale?: unknown }).locale;
  // null (or leaving it out) means no choice of one's own: the browser's languages decide.
  if (value === null || value === undefined) return;
  if (typeof value === "string" && (locales as readonly string[]).includes(value)) return;
  throw APIError.from("BAD_REQUEST", {
    code: "INVALID_LOCALE",
    message: `locale must be one of ${locales.join(", ")}`,
  });
}

/** The before-hook that keeps unknown languages out of the user's `locale`. */
export function userLocaleGuard(locales: readonly Locale[]) {
  return {
    id: "gatehouse-user-locale",
    hooks: {
      before: [
        {
          matcher: (ctx) => Object.hasOwn(LOCALE_BODIES, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body;
            const holderOf = LOCALE_BODIES[ctx.path];
            if (!holderOf || body === null || typeof body !== "object") return;
            checkLocaleInput(locales, holderOf(body as Record<string, unknown>));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
