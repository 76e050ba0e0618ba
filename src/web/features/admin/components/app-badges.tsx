import { Badge, Group } from "@mantine/core";
import type { ApplicationSummary } from "#shared/contracts/applications.ts";
import { t } from "#web/i18n/i18n.ts";
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
          {t(APP_TYPE_TEXT[app.type].label)}
        </Badge>
      ) : null}
      {app.disabled ? (
        <Badge size={size} variant="light" color="red">
          {t("admin.app.disabled")}
        </Badge>
      ) : (
        <Badge size={size} variant="light" color="teal">
          {t("admin.app.active")}
        </Badge>
      )}
      {app.skipConsent ? (
        <Badge size={size} variant="light" color="indigo">
          {t("admin.app.firstParty")}
        </Badge>
      ) : null}
    </Group>
  );
}
