/// <reference types="vite/client" />

// The message catalogues compiled by scripts/catalogue-plugin.ts.
declare module "virtual:gatehouse-catalogue/*" {
  import type { Messages } from "@lingui/core";

  const messages: Messages;
  export default messages;
}

declare module "virtual:gatehouse-catalogues" {
  import type { Messages } from "@lingui/core";
  import type { Locale } from "#shared/i18n/locales.ts";

  type Load = () => Promise<{ default: Messages }>;
  const catalogues: Record<Locale, { entry: Load; app: Load }>;
  export default catalogues;
}
