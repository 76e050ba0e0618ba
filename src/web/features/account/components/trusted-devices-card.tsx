import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { useState } from "react";
import type { TrustedDevice } from "#shared/contracts/trusted-devices.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { deviceIcon } from "#web/lib/device-icon.ts";
import { formatDate } from "#web/lib/format.ts";
import { useRevokeTrustedDevice, useTrustedDevices } from "../api/use-two-factor.ts";

/** The browsers that skip the second step ("Trust this device for 30 days"), each removable. */
export function TrustedDevicesCard() {
  const devices = useTrustedDevices(true);
  const revoke = useRevokeTrustedDevice();
  // Kept while the dialog fades out, so its words do not change.
  const [target, setTarget] = useState<TrustedDevice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const list = devices.data ?? [];

  return (
    <SectionCard
      id="trusted-devices"
      title={t("account.trustedDevices.title")}
      description={t("account.trustedDevices.description")}
    >
      {devices.isPending ? (
        <ListSkeleton rows={2} label={t("account.trustedDevices.loading")} />
      ) : devices.isError ? (
        <LoadError
          title={t("account.trustedDevices.loadFailed")}
          error={devices.error}
          onRetry={() => devices.refetch()}
        />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xs">
          {t("account.trustedDevices.empty")}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label={t("account.trustedDevices.listLabel")}
        >
          {list.map((device) => {
            const Icon = deviceIcon(device.device.type);
            return (
              <Paper
                component="li"
                withBorder
                radius="md"
                p="sm"
                key={device.id}
                data-testid="trusted-device"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <ThemeIcon variant="default" size={40} radius="md" aria-hidden>
                      <Icon size={22} stroke={1.5} />
                    </ThemeIcon>
                    <Box style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                        {device.device.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t("account.trustedDevices.dates", {
                          added: formatDate(device.createdAt),
                          expires: formatDate(device.expiresAt),
                        })}
                      </Text>
                    </Box>
                  </Group>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t("account.trustedDevices.removeLabel", { device: device.device.label })}
                    loading={revoke.isPending && revoke.variables?.id === device.id}
                    onClick={() => {
                      setTarget(device);
                      setConfirming(true);
                    }}
                    style={{ flex: "none" }}
                  >
                    {t("account.trustedDevices.remove")}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("account.trustedDevices.confirmTitle")}
        confirmLabel={t("account.trustedDevices.remove")}
        onConfirm={() => {
          setConfirming(false);
          if (target) revoke.mutate(target);
        }}
      >
        {t("account.trustedDevices.confirmText", {
          device: target?.device.label ?? t("account.trustedDevices.thisDevice"),
        })}
      </ConfirmDialog>
    </SectionCard>
  );
}
