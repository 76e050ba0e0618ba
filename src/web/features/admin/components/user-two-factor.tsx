import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useState } from "react";
import type { AdminOverviewAnswer } from "#shared/contracts/admin-overview.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { t } from "#web/i18n/i18n.ts";
import { apiCall, productApi } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
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
      title: t("admin.twoFactor.resetDone"),
      message: t("admin.twoFactor.resetDoneMessage", { name: userName }),
    }),
    onDone: () => setConfirming(false),
  });

  return (
    <Stack gap="xs">
      <Group gap="xs">
        <IconShieldLock size={18} aria-hidden />
        <Title order={2} size="h4">
          {t("admin.twoFactor.title")}
        </Title>
      </Group>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs" data-testid="admin-two-factor-status">
          <Badge variant="light" size="lg" radius="sm" color={twoFactor.enabled ? "teal" : "gray"}>
            {twoFactor.enabled ? t("admin.twoFactor.appOn") : t("admin.twoFactor.appOff")}
          </Badge>
          <Badge variant="light" size="lg" radius="sm" color={twoFactor.passkeys > 0 ? "teal" : "gray"}>
            {t("admin.twoFactor.passkeys", { count: twoFactor.passkeys })}
          </Badge>
        </Group>
        {twoFactor.enabled ? (
          <Button variant="default" color="red" size="xs" onClick={() => setConfirming(true)}>
            {t("admin.twoFactor.reset")}
          </Button>
        ) : null}
      </Group>
      {!twoFactor.compliant ? (
        <Text size="sm" c="dimmed">
          {t("admin.twoFactor.notCompliant")}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          reset.reset();
        }}
        title={t("admin.twoFactor.confirmTitle")}
        confirmLabel={t("admin.twoFactor.reset")}
        onConfirm={() => reset.mutate()}
        loading={reset.isPending}
        error={reset.error}
      >
        <Text size="sm">{t("admin.twoFactor.confirmBody", { name: userName })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
