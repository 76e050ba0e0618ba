import { Avatar, type AvatarProps } from "@mantine/core";
import { IconApps } from "@tabler/icons-react";
import { initialsOf } from "./user-avatar.tsx";

interface AppLogoProps extends Omit<AvatarProps, "children" | "name" | "src"> {
  name: string | null | undefined;
  /** The app's logo_uri: shown only if it is an https address (or http for a local app). */
  logo?: string | null;
}

/** Only web addresses load as a logo; anything else (data:, javascript:…) gets the placeholder. */
function safeLogo(logo: string | null | undefined): string | null {
  if (!logo) return null;
  try {
    const url = new URL(logo);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An app's logo (Sign in with Gatehouse), or its initials when it has none or the image does not load
 * (Mantine's Avatar falls back to its children on a load error). Decorative: the name is always written.
 */
export function AppLogo({ name, logo, ...props }: AppLogoProps) {
  return (
    <Avatar src={safeLogo(logo)} alt="" radius="md" color="indigo" variant="light" {...props}>
      {name?.trim() ? initialsOf(name) : <IconApps size="60%" stroke={1.6} aria-hidden />}
    </Avatar>
  );
}
