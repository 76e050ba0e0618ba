import { Avatar, type AvatarProps } from "@mantine/core";

/** Up to two initials from a display name, or from the email when there is no name. */
export function initialsOf(name: string | null | undefined, email?: string | null): string {
  const source = (name ?? "").trim() || (email ?? "").split("@")[0] || "";
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : source.slice(0, 2);
  return letters.toUpperCase() || "?";
}

interface UserAvatarProps extends Omit<AvatarProps, "children" | "name"> {
  name: string | null | undefined;
  email?: string | null;
  image?: string | null;
}

export function UserAvatar({ name, email, image, ...props }: UserAvatarProps) {
  return (
    <Avatar src={image || null} alt="" color="indigo" variant="filled" {...props}>
      {initialsOf(name, email)}
    </Avatar>
  );
}
