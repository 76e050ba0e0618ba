import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import type { AdminOverviewAnswer } from "#shared/contracts/admin-overview.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { apiCall, productApi } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { plural } from "#web/lib/format.ts";
import { ADMIN_KEY } from "../api/admin-users.ts";

/** A user's strong sign-in, as an admin sees it, and the reset of their two-factor. */
export function UserTwoFactor({
  userId,
  userName,
  twoFactor,
}: {
  userId: string;
  userName: string;
  twoFactor: AdminOverviewAnswer["twoFactor"];
}) {
  const [confirming, setConfirming] = useState(false);
  const reset = useApiMutation({
    mutationFn: () =>
      apiCall(productApi.admin.users[":id"]["reset-two-factor"].$post({ param: { id: userId } })),
    invalidate: [ADMIN_KEY],
    success: () => ({
      title: "Two-factor reset",
      message: `${userName}'s authenticator app, backup codes and trusted devices are removed. They were mailed.`,
    }),
    onDone: () => setConfirming(false),
  });

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <IconShieldLock size={18} aria-hidden />
        <Title order={2} size="h4">
          Two-factor
        </Title>
      </Group>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" data-testid="admin-two-factor-status">
          <Badge variant="light" size="lg" radius="sm" color={twoFactor.enabled ? "teal" : "gray"}>
            {twoFactor.enabled ? "Authenticator app on" : "Authenticator app off"}
          </Badge>
          <Badge variant="light" size="lg" radius="sm" color={twoFactor.passkeys > 0 ? "teal" : "gray"}>
            {plural(twoFactor.passkeys, "passkey")}
          </Badge>
        </Group>
        {twoFactor.enabled ? (
          <Button variant="default" color="red" size="xs" onClick={() => setConfirming(true)}>
            Reset two-factor
          </Button>
        ) : null}
      </Group>
      {!twoFactor.compliant ? (
        <Text size="sm" c="dimmed">
          Neither two-factor nor a passkey: organizations that require two-factor refuse this user.
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          reset.reset();
        }}
        title="Reset two-factor?"
        confirmLabel="Reset two-factor"
        onConfirm={() => reset.mutate()}
        loading={reset.isPending}
        error={reset.error}
      >
        <Text size="sm">
          {`${userName}'s authenticator app, backup codes and trusted devices stop working, and they are mailed about it. Their password and passkeys stay. Use this when they lost their authenticator and you have checked who they are.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
