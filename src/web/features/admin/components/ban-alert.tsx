import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconBan, IconLockOpen } from "@tabler/icons-react";
import { formatDateTime, formatRelative, isPast } from "#web/lib/format.ts";
import { useUnbanUser } from "../api/admin-mutations.ts";
import type { AdminUser } from "../api/admin-users.ts";

function banEnd(banExpires: AdminUser["banExpires"]): string {
  if (!banExpires) return "The ban has no end date: it lasts until you unban them.";
  if (isPast(banExpires))
    return `The ban ended ${formatDateTime(banExpires)}; it is lifted when they next sign in.`;
  return `The ban ends ${formatDateTime(banExpires)} (${formatRelative(banExpires)}).`;
}

/** Why and until when a user is banned, with the way to lift it. */
export function BanAlert({ user }: { user: AdminUser }) {
  const unban = useUnbanUser(user);
  return (
    <Alert color="red" variant="light" title="This user is banned" icon={<IconBan size={18} aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        <div>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {user.banReason ? `Reason: ${user.banReason}` : "No reason was given."}
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
          Unban
        </Button>
      </Stack>
    </Alert>
  );
}
