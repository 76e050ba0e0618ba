import { Alert, Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconClock, IconTrash, IconWorldCheck } from "@tabler/icons-react";
import { useState } from "react";
import type { JoinMode, OrganizationDomain, VerifyAnswer } from "#shared/contracts/domains.ts";
import { CopyField } from "#web/components/copy-field.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { useUpdateDomain, useVerifyDomain } from "../api/use-domains.ts";

const JOIN_MODES: { value: JoinMode; label: MessageId }[] = [
  { value: "off", label: "integrations.domains.card.modeOff" },
  { value: "auto", label: "integrations.domains.card.modeAuto" },
  { value: "request", label: "integrations.domains.card.modeRequest" },
];
const JOIN_ROLES: { value: string; label: MessageId }[] = [
  { value: "member", label: "integrations.domains.card.roleMember" },
  { value: "admin", label: "integrations.domains.card.roleAdmin" },
];

/** One domain: its TXT record and Verify while unproven; how colleagues at it join once verified. */
export function DomainCard({
  organizationId,
  domain,
  canManage,
  onRemove,
}: {
  organizationId: string;
  domain: OrganizationDomain;
  canManage: boolean;
  onRemove: (domain: OrganizationDomain) => void;
}) {
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  const verify = useVerifyDomain(organizationId, setAnswer);
  const update = useUpdateDomain(organizationId);
  const verified = domain.verifiedAt !== null;

  return (
    <SectionCard
      id={`domain-${domain.id}`}
      title={domain.domain}
      actions={
        <Group gap="xs">
          {verified ? (
            <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
              {t("integrations.domains.card.verified")}
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" leftSection={<IconClock size={12} aria-hidden />}>
              {t("integrations.domains.card.notVerified")}
            </Badge>
          )}
          {canManage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onRemove(domain)}
              aria-label={t("integrations.domains.card.removeLabel", { domain: domain.domain })}
            >
              {t("integrations.domains.card.remove")}
            </Button>
          ) : null}
        </Group>
      }
    >
      <Stack gap="sm">
        {verified ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("integrations.domains.card.verifiedSince", {
                date: formatDateTime(domain.verifiedAt ?? ""),
                domain: domain.domain,
              })}
            </Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label={t("integrations.domains.card.joinMode")}
                data={JOIN_MODES.map((mode) => ({ value: mode.value, label: t(mode.label) }))}
                value={domain.joinMode}
                disabled={!canManage || update.isPending}
                allowDeselect={false}
                onChange={(value) =>
                  value &&
                  update.mutate({ id: domain.id, domain: domain.domain, joinMode: value as JoinMode })
                }
                w={{ base: "100%", sm: 320 }}
              />
              <Select
                label={t("integrations.domains.card.joinRole")}
                data={JOIN_ROLES.map((role) => ({ value: role.value, label: t(role.label) }))}
                value={domain.defaultRole}
                disabled={!canManage || update.isPending}
                allowDeselect={false}
                onChange={(value) =>
                  value &&
                  update.mutate({
                    id: domain.id,
                    domain: domain.domain,
                    defaultRole: value as "member" | "admin",
                  })
                }
                w={{ base: "100%", sm: 160 }}
              />
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t("integrations.domains.card.txtHelp")}</Text>
            <CopyField
              label={t("integrations.domains.card.txtName")}
              value={domain.record.name}
              testId="txt-name"
            />
            <CopyField
              label={t("integrations.domains.card.txtValue")}
              value={domain.record.value}
              testId="txt-value"
            />
          </Stack>
        )}
        {answer && !answer.verified && answer.domain.id === domain.id ? (
          <Alert color="yellow" variant="light" title={t("integrations.domains.card.notFoundYet")}>
            {answer.reason}
          </Alert>
        ) : null}
        <ErrorAlert error={verify.error} title={t("integrations.domains.card.checkError")} />
        {canManage ? (
          <Group>
            <Button
              variant={verified ? "default" : "filled"}
              leftSection={<IconWorldCheck size={16} aria-hidden />}
              loading={verify.isPending}
              onClick={() => verify.mutate(domain.id)}
            >
              {verified ? t("integrations.domains.card.checkAgain") : t("integrations.domains.card.verify")}
            </Button>
            {domain.lastCheckedAt ? (
              <Text size="xs" c="dimmed">
                {t("integrations.domains.card.lastChecked", { date: formatDateTime(domain.lastCheckedAt) })}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
