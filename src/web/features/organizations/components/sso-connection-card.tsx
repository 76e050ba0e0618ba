import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconEdit, IconLock, IconTrash } from "@tabler/icons-react";
import type { SsoConnection } from "#shared/contracts/sso.ts";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { formatDate, isPast } from "#web/lib/format.ts";
import { roleLabel } from "../lib/roles.ts";
import { ServiceProviderFields } from "./sso-service-provider.tsx";

/** One connection: its protocol, domain and state, the IdP it trusts, its rules, and what the IdP was given. */
export function SsoConnectionCard({
  connection,
  onEdit,
  onDelete,
}: {
  connection: SsoConnection;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { saml, oidc } = connection;
  const expires = saml?.certificateExpiresAt ?? null;
  return (
    <SectionCard
      id={`sso-${connection.id}`}
      title={connection.domain}
      description={
        <Group gap={6} mt={4} wrap="wrap">
          <Badge variant="light" color="indigo" tt="none">
            {connection.protocol === "saml" ? "SAML 2.0" : "OpenID Connect"}
          </Badge>
          {connection.domainVerified ? (
            <Badge variant="light" color="teal" leftSection={<IconCircleCheck size={12} aria-hidden />}>
              {t("integrations.sso.card.domainVerified")}
            </Badge>
          ) : (
            <Badge variant="light" color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              {t("integrations.sso.card.domainNotVerified")}
            </Badge>
          )}
          {connection.requireSso ? (
            <Badge variant="filled" color="grape.8" leftSection={<IconLock size={12} aria-hidden />}>
              {t("integrations.sso.card.required")}
            </Badge>
          ) : null}
        </Group>
      }
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={onEdit}
          >
            {t("integrations.sso.card.edit")}
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={t("integrations.sso.card.deleteLabel", { domain: connection.domain })}
          >
            {t("integrations.sso.card.delete")}
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {!connection.domainVerified ? (
          <Text size="sm" c="red.8">
            {t("integrations.sso.card.noLongerVerified", { domain: connection.domain })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {saml ? <Fact label={t("integrations.sso.card.idpEntityId")} value={saml.idpEntityId} /> : null}
          {saml ? <Fact label={t("integrations.sso.card.idpSignInUrl")} value={saml.ssoUrl} /> : null}
          {saml?.metadataUrl ? (
            <Fact label={t("integrations.sso.card.metadataReadFrom")} value={saml.metadataUrl} />
          ) : null}
          {expires ? (
            <Fact
              label={t("integrations.sso.card.signingCertificate")}
              value={
                isPast(expires)
                  ? t("integrations.sso.card.certificateExpired", { date: formatDate(expires) })
                  : t("integrations.sso.card.certificateValidUntil", { date: formatDate(expires) })
              }
              danger={isPast(expires)}
            />
          ) : null}
          {oidc ? <Fact label={t("integrations.sso.card.issuer")} value={oidc.issuer} /> : null}
          {oidc ? <Fact label={t("integrations.sso.card.clientId")} value={oidc.clientId} /> : null}
          <Fact label={t("integrations.sso.card.defaultRole")} value={roleLabel(connection.defaultRole)} />
          <Fact
            label={t("integrations.sso.card.groupMappings")}
            value={
              connection.groupMappings.length
                ? connection.groupMappings.map((mapping) => mapping.group).join(", ")
                : t("integrations.sso.card.none")
            }
          />
          <Fact
            label={t("integrations.sso.card.idpInitiated")}
            value={
              connection.allowIdpInitiated
                ? t("integrations.sso.card.allowed")
                : t("integrations.sso.card.notAllowed")
            }
          />
          <Fact label={t("integrations.sso.card.setUp")} value={formatDate(connection.createdAt)} />
        </SimpleGrid>
        <ServiceProviderFields values={connection.serviceProvider} protocol={connection.protocol} />
      </Stack>
    </SectionCard>
  );
}

function Fact({ label, value, danger }: { label: string; value: string; danger?: boolean }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" c={danger ? "red.8" : undefined} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
}
