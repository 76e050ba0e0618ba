import type { Icon } from "@tabler/icons-react";
import {
  IconBrandApple,
  IconBrandDiscord,
  IconBrandDropbox,
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandGitlab,
  IconBrandGoogle,
  IconBrandLinkedin,
  IconBrandReddit,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBrandTwitch,
  IconBrandVk,
  IconBrandWindows,
  IconBrandX,
  IconBrandZoom,
  IconKey,
  IconLock,
} from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";

/** Brand icons for SPEC §9's providers; the generic OpenID Connect one (and any other) gets a key. */
const ICONS: Record<string, Icon> = {
  apple: IconBrandApple,
  discord: IconBrandDiscord,
  dropbox: IconBrandDropbox,
  facebook: IconBrandFacebook,
  github: IconBrandGithub,
  gitlab: IconBrandGitlab,
  google: IconBrandGoogle,
  linkedin: IconBrandLinkedin,
  microsoft: IconBrandWindows,
  reddit: IconBrandReddit,
  spotify: IconBrandSpotify,
  tiktok: IconBrandTiktok,
  twitch: IconBrandTwitch,
  twitter: IconBrandX,
  vk: IconBrandVk,
  zoom: IconBrandZoom,
};

/** better-auth's provider id for the email-and-password account. */
export const CREDENTIAL_PROVIDER = "credential";

export interface ProviderInfo {
  label: string;
  icon: Icon;
}

/**
 * Label and icon of a sign-in provider; `names` is GET /api/config's socialProviderNames (OIDC_NAME for
 * `oidc`). Unknown ids get a capitalised id and a key.
 */
export function socialProviderInfo(id: string, names: Record<string, string> = {}): ProviderInfo {
  if (id === CREDENTIAL_PROVIDER) return { label: t("auth.social.credential"), icon: IconLock };
  return {
    label: names[id] ?? id.charAt(0).toUpperCase() + id.slice(1),
    icon: ICONS[id] ?? IconKey,
  };
}
