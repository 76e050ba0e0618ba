import { Hono } from "hono";
import { APP_NAME } from "#server/auth/auth.ts";
import { enabledSocialProviders } from "#server/auth/social-config.ts";
import type { Config } from "#server/boot/config.ts";
import type { ConfigAnswer } from "#shared/contracts/config.ts";
import { LIMITS } from "#shared/limits.ts";

/** Public facts the web app needs before anyone signs in. */
export function configRoutes(config: Config) {
  const social = enabledSocialProviders(config.social);
  const body: ConfigAnswer = {
    appName: APP_NAME,
    // In production the outbox is an admin's tool only (features/outbox): the public is not told of it.
    outbox: config.outboxEnabled && !config.isProduction,
    socialProviders: social.map((p) => p.id),
    socialProviderNames: Object.fromEntries(social.map((p) => [p.id, p.name])),
    passwordMinLength: LIMITS.passwordMin,
    passwordMaxLength: LIMITS.passwordMax,
    emailCodeSignIn: config.emailSignIn.code,
    magicLinkSignIn: config.emailSignIn.link,
    locales: config.locales,
    defaultLocale: config.defaultLocale,
  };
  return new Hono().get("/", (c) => c.json(body));
}
