import { Alert, Badge, Button, Group, Select, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconClock, IconTrash, IconWorldCheck } from "@tabler/icons-react";
import { useState } from "react";
import type { JoinMode, OrganizationDomain, VerifyAnswer } from "#shared/contracts/domains.ts";
import { CopyField } from "#web/components/copy-field.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { formatDateTime } from "#web/lib/format.ts";
import { useUpdateDomain, useVerifyDomain } from "../api/use-domains.ts";

const JOIN_MODES: { value: JoinMode; label: string }[] = [
  { value: "off", label: "Off: invitations only" },
  { value: "auto", label: "Auto-join: they join by themselves" },
  { value: "request", label: "Request to join: an admin approves" },
];
const JOIN_ROLES = [
  { value: "member", label: "Member" },
  { value: "admin", label: "Admin" },
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
              Verified
            </Badge>
          ) : (
            <Badge color="yellow" variant="light" leftSection={<IconClock size={12} aria-hidden />}>
              Not verified
            </Badge>
          )}
          {canManage ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => onRemove(domain)}
              aria-label={`Remove ${domain.domain}`}
            >
              Remove
            </Button>
          ) : null}
        </Group>
      }
    >
      <Stack gap="sm">
        {verified ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {`Verified ${formatDateTime(domain.verifiedAt ?? "")}. People whose verified email ends in @${domain.domain} can be let in without an invitation.`}
            </Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <Select
                label="People at this domain"
                data={JOIN_MODES}
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
                label="They join as"
                data={JOIN_ROLES}
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
            <Text size="sm">
              Add this TXT record at your DNS provider, then verify. It can take a few minutes to be visible.
            </Text>
            <CopyField label="Name" value={domain.record.name} testId="txt-name" />
            <CopyField label="Value" value={domain.record.value} testId="txt-value" />
          </Stack>
        )}
        {answer && !answer.verified && answer.domain.id === domain.id ? (
          <Alert color="yellow" variant="light" title="Not found yet">
            {answer.reason}
          </Alert>
        ) : null}
        <ErrorAlert error={verify.error} title="The domain could not be checked" />
        {canManage ? (
          <Group>
            <Button
              variant={verified ? "default" : "filled"}
              leftSection={<IconWorldCheck size={16} aria-hidden />}
              loading={verify.isPending}
              onClick={() => verify.mutate(domain.id)}
            >
              {verified ? "Check again" : "Verify"}
            </Button>
            {domain.lastCheckedAt ? (
              <Text size="xs" c="dimmed">{`Last checked ${formatDateTime(domain.lastCheckedAt)}`}</Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
