import type account from "./catalogues/en/account.json";
import type admin from "./catalogues/en/admin.json";
import type audit from "./catalogues/en/audit.json";
import type auth from "./catalogues/en/auth.json";
import type common from "./catalogues/en/common.json";
import type errors from "./catalogues/en/errors.json";
import type home from "./catalogues/en/home.json";
import type integrations from "./catalogues/en/integrations.json";
import type locale from "./catalogues/en/locale.json";
import type oauth from "./catalogues/en/oauth.json";
import type organizations from "./catalogues/en/organizations.json";
import type outbox from "./catalogues/en/outbox.json";
import type problems from "./catalogues/en/problems.json";
import type webhooks from "./catalogues/en/webhooks.json";

/**
 * Every namespace of the English catalogue (the reference: every other locale has the same keys, checked by
 * test/unit/i18n-catalogues.test.ts). A new catalogue file gets its line here.
 */
interface Catalogues {
  account: typeof account;
  admin: typeof admin;
  audit: typeof audit;
  auth: typeof auth;
  common: typeof common;
  errors: typeof errors;
  home: typeof home;
  integrations: typeof integrations;
  locale: typeof locale;
  oauth: typeof oauth;
  organizations: typeof organizations;
  outbox: typeof outbox;
  problems: typeof problems;
  webhooks: typeof webhooks;
}

/** A message's id: its namespace (the catalogue file) and its key, "auth.signIn.title". */
export type MessageId = { [N in keyof Catalogues]: `${N}.${keyof Catalogues[N] & string}` }[keyof Catalogues];
