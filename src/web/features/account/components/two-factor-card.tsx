import { Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconDeviceMobileMessage, IconKey } from "@tabler/icons-react";
import { useState } from "react";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { Session } from "#web/lib/auth-client.ts";
import { useHasPassword } from "../api/use-linked-accounts.ts";
import { EnrolTwoFactorDialog } from "./enrol-two-factor-dialog.tsx";
import { DisableTwoFactorDialog, RegenerateCodesDialog } from "./two-factor-dialogs.tsx";

type Dialog = "enrol" | "regenerate" | "disable" | null;

/** Two-factor authentication with an authenticator app: set up, new backup codes, turn off. */
export function TwoFactorCard({ user }: { user: Session["user"] }) {
  const hasPassword = useHasPassword();
  const [dialog, setDialog] = useState<Dialog>(null);
  const enabled = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const close = () => setDialog(null);
  const dialogProps = { onClose: close, email: user.email, hasPassword: hasPassword !== false };

  return (
    <SectionCard
      id="two-factor"
      title={t("account.twoFactor.title")}
      description={t("account.twoFactor.description")}
    >
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="md" align="center">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: "1 1 16rem" }}>
            <ThemeIcon variant={enabled ? "light" : "default"} size={40} radius="md" aria-hidden>
              <IconDeviceMobileMessage size={22} stroke={1.5} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap={6}>
                <Text fw={600} size="sm">
                  {t("account.twoFactor.app")}
                </Text>
                <Badge
                  size="sm"
                  variant="light"
                  color={enabled ? "teal" : "gray"}
                  data-testid="two-factor-status"
                >
                  {enabled ? t("account.twoFactor.on") : t("account.twoFactor.off")}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {enabled ? t("account.twoFactor.onHint") : t("account.twoFactor.offHint")}
              </Text>
            </Stack>
          </Group>
          {hasPassword === undefined ? (
            <Skeleton h={36} w={120} aria-hidden />
          ) : enabled ? (
            <Group gap="xs">
              <Button
                variant="default"
                size="sm"
                leftSection={<IconKey size={16} aria-hidden />}
                onClick={() => setDialog("regenerate")}
              >
                {t("account.twoFactor.newCodes")}
              </Button>
              <Button variant="default" color="red" size="sm" onClick={() => setDialog("disable")}>
                {t("account.twoFactor.turnOff")}
              </Button>
            </Group>
          ) : (
            <Button size="sm" onClick={() => setDialog("enrol")}>
              {t("account.twoFactor.setUp")}
            </Button>
          )}
        </Group>
      </Paper>
      <EnrolTwoFactorDialog opened={dialog === "enrol"} {...dialogProps} />
      <RegenerateCodesDialog opened={dialog === "regenerate"} {...dialogProps} />
      <DisableTwoFactorDialog opened={dialog === "disable"} {...dialogProps} />
    </SectionCard>
  );
}
