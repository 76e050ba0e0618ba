import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconBan, IconLockOpen } from "@tabler/icons-react";
import { t } from "#web/i18n/i18n.ts";
import { formatDateTime, formatRelative, isPast } from "#web/lib/format.ts";
import { useUnbanUser } from "../api/admin-mutations.ts";
import type { AdminUser } from "../api/admin-users.ts";

function banEnd(banExpires: AdminUser["banExpires"]): string {
  if (!banExpires) return t("admin.banAlert.noEnd");
  if (isPast(banExpires)) return t("admin.banAlert.ended", { when: formatDateTime(banExpires) });
  return t("admin.banAlert.ends", { when: formatDateTime(banExpires), relative: formatRelative(banExpires) });
}

/** Why and until when a user is banned, with the way to lift it. */
export function BanAlert({ user }: { user: AdminUser }) {
  const unban = useUnbanUser(user);
  return (
    <Alert
      color="red"
      variant="light"
      title={t("admin.banAlert.title")}
      icon={<IconBan size={18} aria-hidden />}
    >
      <Stack gap="sm" align="flex-start">
        <div>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {user.banReason
              ? t("admin.banAlert.reason", { reason: user.banReason })
              : t("admin.banAlert.noReason")}
          </Text>
          <Text size="sm">{banEnd(user.banExpires)}</Text>
        </div>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLockOpen size={14} aria-hidden />}
          onClick={() => unban.mutate()}
          loading={unban.isPending}
        >
          {t("admin.banAlert.unban")}
        </Button>
      </Stack>
    </Alert>
  );
}
