import { z } from "zod";

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
});
export type ConfigAnswer = z.infer<typeof configAnswer>;
