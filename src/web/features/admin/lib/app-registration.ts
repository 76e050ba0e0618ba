import { z } from "zod";
import type { AppType } from "#shared/contracts/applications.ts";
import { URL_MAX } from "#shared/fields.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** Each kind of app, in the words of the person registering it (message ids, worded at render). */
export const APP_TYPE_TEXT: Record<AppType, { label: MessageId; description: MessageId }> = {
  web: { label: "admin.appType.web", description: "admin.appType.webDescription" },
  spa: { label: "admin.appType.spa", description: "admin.appType.spaDescription" },
  native: { label: "admin.appType.native", description: "admin.appType.nativeDescription" },
  service: { label: "admin.appType.service", description: "admin.appType.serviceDescription" },
};

/** Every list field is typed one entry per line. */
export function lines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

function isUri(value: string): boolean {
  return value.length <= URL_MAX && URL.canParse(value);
}

/** The registration form's values. */
export type RegistrationValues = {
  name: string;
  logoUri: string;
  clientUri: string;
  type: AppType;
  redirectUris: string;
  postLogoutRedirectUris: string;
  firstParty: boolean;
  scopes: string[];
};

/** The form's rules: what the provider would refuse anyway, said before sending. */
export const registrationSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: () => t("admin.register.nameMissing") })
      .max(100, { error: () => t("admin.register.nameTooLong", { max: 100 }) }),
    logoUri: z
      .string()
      .trim()
      .refine((v) => v === "" || (/^https:\/\//i.test(v) && isUri(v)), {
        error: () => t("admin.register.logoInvalid"),
      }),
    clientUri: z
      .string()
      .trim()
      .refine((v) => v === "" || (/^https?:\/\//i.test(v) && isUri(v)), {
        error: () => t("admin.register.homepageInvalid"),
      }),
    type: z.enum(["web", "spa", "native", "service"]),
    redirectUris: z.string(),
    postLogoutRedirectUris: z
      .string()
      .refine((v) => lines(v).every(isUri), { error: () => t("admin.register.onePerLine") }),
    firstParty: z.boolean(),
    scopes: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    if (values.type === "service") return;
    if (values.scopes.length === 0) {
      ctx.addIssue({ code: "custom", path: ["scopes"], message: t("admin.register.scopesMissing") });
    }
    const uris = lines(values.redirectUris);
    if (uris.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["redirectUris"],
        message: t("admin.register.redirectMissing"),
      });
    } else if (!uris.every(isUri)) {
      ctx.addIssue({ code: "custom", path: ["redirectUris"], message: t("admin.register.onePerLine") });
    }
  });

/**
 * The body of POST /api/auth/oauth2/create-client (the plugin's request shape, RFC 7591) for a kind of
 * app: web apps keep a secret (client_secret_basic), single-page and native apps have none (PKCE), a
 * service has only the client_credentials grant (and the API scopes the server grants services). First-party
 * apps skip the consent screen.
 */
export function registrationBody(values: RegistrationValues) {
  const common = {
    client_name: values.name.trim(),
    ...(values.logoUri.trim() ? { logo_uri: values.logoUri.trim() } : {}),
    ...(values.clientUri.trim() ? { client_uri: values.clientUri.trim() } : {}),
    skip_consent: values.firstParty,
  };
  // A service signs nobody in: its API scopes are the provider's to grant (client_credentials), not these.
  if (values.type === "service") {
    return {
      ...common,
      grant_types: ["client_credentials"],
      token_endpoint_auth_method: "client_secret_basic",
    };
  }
  const postLogout = lines(values.postLogoutRedirectUris);
  return {
    ...common,
    scope: values.scopes.join(" "),
    redirect_uris: lines(values.redirectUris),
    ...(postLogout.length > 0 ? { post_logout_redirect_uris: postLogout } : {}),
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    application_type: values.type === "native" ? "native" : "web",
    token_endpoint_auth_method: values.type === "web" ? "client_secret_basic" : "none",
  };
}
