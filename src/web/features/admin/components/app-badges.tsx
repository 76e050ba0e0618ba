import { Badge, Group } from "@mantine/core";
import type { ApplicationSummary } from "#shared/contracts/applications.ts";
import { APP_TYPE_TEXT } from "../lib/app-registration.ts";

type BadgeSize = "xs" | "sm" | "md";

/** An app's kind, and whether it is switched off or first-party. */
export function AppBadges({
  app,
  size = "sm",
  withType = true,
}: {
  app: ApplicationSummary;
  size?: BadgeSize;
  withType?: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap">
      {withType ? (
        <Badge size={size} variant="light" color="gray">
          {APP_TYPE_TEXT[app.type].label}
        </Badge>
      ) : null}
      {app.disabled ? (
        <Badge size={size} variant="light" color="red">
          Disabled
        </Badge>
      ) : (
        <Badge size={size} variant="light" color="teal">
          Active
        </Badge>
      )}
      {app.skipConsent ? (
        <Badge size={size} variant="light" color="indigo">
          First-party
        </Badge>
      ) : null}
    </Group>
  );
}
