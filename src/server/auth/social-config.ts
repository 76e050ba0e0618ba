/**
 * Social sign-in settings read from the environment (the social sign-in requirements). loadConfig hands
 * its environment here; nothing in this module reads process.env itself.
 */

/** SPEC §9's providers, in the order the sign-in page lists them. */
export const BUILT_IN_PROVIDERS = [
  { id: "google", name: "Google" },
  { id: "apple", name: "Apple" },
  { id: "microsoft", name: "Microsoft" },
  { id: "github", name: "GitHub" },
  { id: "gitlab", name: "GitLab" },
  { id: "discord", name: "Discord" },
  { id: "facebook", name: "Facebook" },
  { id: "linkedin", name: "LinkedIn" },
  { id: "twitter", name: "X (Twitter)" },
  { id: "twitch", name: "Twitch" },
  { id: "spotify", name: "Spotify" },
  { id: "dropbox", name: "Dropbox" },
  { id: "reddit", name: "Reddit" },
  { id: "tiktok", name: "TikTok" },
  { id: "vk", name: "VK" },
  { id: "zoom", name: "Zoom" },
] as const;

export type BuiltInProviderId = (typeof BUILT_IN_PROVIDERS)[number]["id"];

/** The provider id of the generic OpenID Connect provider (its callback is /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

/**
 * Providers whose sign-ins may link to an existing account with the same email
 * by default: those whose profile says, per sign-in, whether the provider
 * verified the address. Left out: GitLab's /api/v4/user says nothing of the
 * kind, and the generic OIDC provider's "verified" is only as good as whoever
 * runs it.
 */
export const DEFAULT_TRUSTED_LINKING_PROVIDERS: string[] = [
  "apple",
  "discord",
  "dropbox",
  "github",
  "google",
  "linkedin",
  "microsoft",
  "twitch",
  "zoom",
];

export interface BuiltInProviderSetting {
  id: BuiltInProviderId;
  clientId: string;
  clientSecret: string;
  /** GITLAB_ISSUER: a self-hosted GitLab's base URL. */
  issuer?: string;
  /** MICROSOFT_TENANT_ID: `common` unless set. */
  tenantId?: string;
  /** APPLE_APP_BUNDLE_IDENTIFIER: accepts id tokens minted for the native app too. */
  appBundleIdentifier?: string;
}

export interface OidcSetting {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button label: "Continue with <name>". */
  name: string;
}

export interface SocialConfig {
  providers: BuiltInProviderSetting[];
  oidc?: OidcSetting;
  /** Providers allowed to link a sign-in to an existing account with the same (provider-verified) email. */
  trustedLinkingProviders: string[];
  /** Lets /link-social link a provider account whose email differs from the user's. */
  allowDifferentLinkedEmails: boolean;
}

type Env = Record<string, string | undefined>;

/** A setting that cannot be used; the message names the variable (loadConfig turns it into a ConfigError). */
export class SocialConfigError extends Error {}

function value(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

function urlValue(env: Env, name: string): string | undefined {
  const v = value(env, name);
  if (v === undefined) return undefined;
  if (!URL.canParse(v) || !["http:", "https:"].includes(new URL(v).protocol)) {
    throw new SocialConfigError(`${name}: must be an http or https URL`);
  }
  return v.replace(/\/+$/, "");
}

/** Both halves or neither: a client id without its secret (or the reverse) stops the server. */
function credentials(env: Env, idVar: string, secretVar: string, extras: string[]) {
  const clientId = value(env, idVar);
  const clientSecret = value(env, secretVar);
  if (clientId && !clientSecret) throw new SocialConfigError(`${secretVar}: required when ${idVar} is set`);
  if (clientSecret && !clientId) throw new SocialConfigError(`${idVar}: required when ${secretVar} is set`);
  if (!clientId || !clientSecret) {
    const stray = extras.find((name) => value(env, name) !== undefined);
    if (stray) throw new SocialConfigError(`${stray}: set ${idVar} and ${secretVar} too, or remove it`);
    return undefined;
  }
  return { clientId, clientSecret };
}

function builtInProvider(env: Env, id: BuiltInProviderId): BuiltInProviderSetting | undefined {
  const prefix = id.toUpperCase();
  if (id === "tiktok") {
    // TikTok calls its client id the "client key"; TIKTOK_CLIENT_ID is accepted as the same thing.
    const key = value(env, "TIKTOK_CLIENT_KEY");
    const alias = value(env, "TIKTOK_CLIENT_ID");
    if (key && alias && key !== alias) {
      throw new SocialConfigError(
        "TIKTOK_CLIENT_ID: differs from TIKTOK_CLIENT_KEY (set only TIKTOK_CLIENT_KEY)",
      );
    }
    const idVar = key || !alias ? "TIKTOK_CLIENT_KEY" : "TIKTOK_CLIENT_ID";
    const creds = credentials(env, idVar, "TIKTOK_CLIENT_SECRET", []);
    return creds && { id, ...creds };
  }
  const extras =
    id === "gitlab"
      ? ["GITLAB_ISSUER"]
      : id === "microsoft"
        ? ["MICROSOFT_TENANT_ID"]
        : id === "apple"
          ? ["APPLE_APP_BUNDLE_IDENTIFIER"]
          : [];
  const creds = credentials(env, `${prefix}_CLIENT_ID`, `${prefix}_CLIENT_SECRET`, extras);
  if (!creds) return undefined;
  const setting: BuiltInProviderSetting = { id, ...creds };
  if (id === "gitlab") setting.issuer = urlValue(env, "GITLAB_ISSUER");
  if (id === "microsoft") {
    const tenant = value(env, "MICROSOFT_TENANT_ID") ?? "common";
    if (!/^[A-Za-z0-9.-]+$/.test(tenant)) {
      throw new SocialConfigError(
        "MICROSOFT_TENANT_ID: a tenant id (GUID), domain, common, organizations or consumers",
      );
    }
    setting.tenantId = tenant;
  }
  if (id === "apple") setting.appBundleIdentifier = value(env, "APPLE_APP_BUNDLE_IDENTIFIER");
  return setting;
}

function oidcProvider(env: Env): OidcSetting | undefined {
  const creds = credentials(env, "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", ["OIDC_ISSUER", "OIDC_NAME"]);
  if (!creds) return undefined;
  const issuer = urlValue(env, "OIDC_ISSUER");
  if (!issuer)
    throw new SocialConfigError(
      "OIDC_ISSUER: required when OIDC_CLIENT_ID is set (the provider's issuer URL)",
    );
  const name = value(env, "OIDC_NAME") ?? "Single sign-on";
  if (name.length > 64) throw new SocialConfigError("OIDC_NAME: at most 64 characters");
  return { issuer, ...creds, name };
}

const FLAG_ON = ["1", "true", "yes", "on"];
const FLAG_VALUES = [...FLAG_ON, "0", "false", "no", "off"];

/** The social sign-in part of the configuration; throws SocialConfigError naming the variable. */
export function parseSocialConfig(env: Env): SocialConfig {
  const providers = BUILT_IN_PROVIDERS.map(({ id }) => builtInProvider(env, id)).filter(
    (p): p is BuiltInProviderSetting => p !== undefined,
  );
  const known = new Set<string>([...BUILT_IN_PROVIDERS.map((p) => p.id), OIDC_PROVIDER_ID]);
  const rawTrusted = env.TRUSTED_LINKING_PROVIDERS;
  const trustedLinkingProviders =
    rawTrusted === undefined
      ? DEFAULT_TRUSTED_LINKING_PROVIDERS
      : rawTrusted
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean);
  const unknown = trustedLinkingProviders.find((id) => !known.has(id));
  if (unknown) throw new SocialConfigError(`TRUSTED_LINKING_PROVIDERS: unknown provider "${unknown}"`);
  const rawFlag = value(env, "ACCOUNT_LINKING_ALLOW_DIFFERENT_EMAILS")?.toLowerCase();
  if (rawFlag !== undefined && !FLAG_VALUES.includes(rawFlag)) {
    throw new SocialConfigError("ACCOUNT_LINKING_ALLOW_DIFFERENT_EMAILS: use 1 or 0");
  }
  return {
    providers,
    oidc: oidcProvider(env),
    trustedLinkingProviders,
    allowDifferentLinkedEmails: rawFlag !== undefined && FLAG_ON.includes(rawFlag),
  };
}

/** Ids and button labels of the enabled providers, for GET /api/config. */
export function enabledSocialProviders(social: SocialConfig): { id: string; name: string }[] {
  const list: { id: string; name: string }[] = social.providers.map(({ id }) => ({
    id,
    name: BUILT_IN_PROVIDERS.find((p) => p.id === id)?.name ?? id,
  }));
  if (social.oidc) list.push({ id: OIDC_PROVIDER_ID, name: social.oidc.name });
  return list;
}
