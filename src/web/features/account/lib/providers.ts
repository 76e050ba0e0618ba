import {
  IconBrandDiscord,
  IconBrandGithub,
  IconBrandGitlab,
  IconBrandGoogle,
  IconBrandWindows,
  IconKey,
  IconLock,
} from "@tabler/icons-react";

export interface ProviderInfo {
  label: string;
  icon: typeof IconKey;
}

const PROVIDERS: Record<string, ProviderInfo> = {
  credential: { label: "Email and password", icon: IconLock },
  github: { label: "GitHub", icon: IconBrandGithub },
  google: { label: "Google", icon: IconBrandGoogle },
  gitlab: { label: "GitLab", icon: IconBrandGitlab },
  discord: { label: "Discord", icon: IconBrandDiscord },
  microsoft: { label: "Microsoft", icon: IconBrandWindows },
};

/** Name and icon of a sign-in provider; unknown ones get a capitalised id and a key. */
export function providerInfo(id: string): ProviderInfo {
  return PROVIDERS[id] ?? { label: id.charAt(0).toUpperCase() + id.slice(1), icon: IconKey };
}

/** better-auth's provider id for the email-and-password account. */
export const CREDENTIAL_PROVIDER = "credential";
