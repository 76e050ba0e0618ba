import { z } from "zod";
import { LOCALES } from "../i18n/locales.ts";

/** GET /api/config: public facts the web app needs before anyone signs in. */
export const configAnswer = z.object({
  appName: z.string(),
  /** Mails are kept in the database outbox (no SMTP): /dev/outbox may be shown. */
  outbox: z.boolean(),
  /** Ids of the enabled social providers, in display order. */
  socialProviders: z.array(z.string()),
  /** Button label of each enabled provider (OIDC_NAME for the generic OpenID Connect one). */
  socialProviderNames: z.record(z.string(), z.string()),
  passwordMinLength: z.number().int(),
  passwordMaxLength: z.number().int(),
  /** "Email me a sign-in code" is offered (EMAIL_CODE_SIGN_IN). */
  emailCodeSignIn: z.boolean(),
  /** "Email me a sign-in link" is offered (MAGIC_LINK_SIGN_IN). */
  magicLinkSignIn: z.boolean(),
  /** The languages offered (LOCALES), and the one used when a person's browser asks for none of them (DEFAULT_LOCALE). */
  locales: z.array(z.enum(LOCALES)),
  defaultLocale: z.enum(LOCALES),
});
export type ConfigAnswer = z.infer<typeof configAnswer>;
