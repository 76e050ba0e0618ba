import { Box, Button, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { useState } from "react";
import type { TrustedDevice } from "#shared/contracts/trusted-devices.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { ListSkeleton } from "#web/components/page-states.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
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
      title="Trusted devices"
      description="Browsers where you chose “Trust this device”: they skip the code for 30 days. Remove any you no longer use."
    >
      {devices.isPending ? (
        <ListSkeleton rows={2} label="Loading trusted devices" />
      ) : devices.isError ? (
        <LoadError title="Couldn't load" error={devices.error} onRetry={() => devices.refetch()} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="xs">
          No trusted devices. Every sign-in asks for a code.
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          style={{ listStyle: "none", padding: 0, margin: 0 }}
          aria-label="Trusted devices"
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
                        {`Added ${formatDate(device.createdAt)} · Expires ${formatDate(device.expiresAt)}`}
                      </Text>
                    </Box>
                  </Group>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${device.device.label}`}
                    loading={revoke.isPending && revoke.variables?.id === device.id}
                    onClick={() => {
                      setTarget(device);
                      setConfirming(true);
                    }}
                    style={{ flex: "none" }}
                  >
                    Remove
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
        title="Remove this trusted device?"
        confirmLabel="Remove"
        onConfirm={() => {
          setConfirming(false);
          if (target) revoke.mutate(target);
        }}
      >
        {`${target?.device.label ?? "This device"} will ask for a code the next time you sign in on it.`}
      </ConfirmDialog>
    </SectionCard>
  );
}
