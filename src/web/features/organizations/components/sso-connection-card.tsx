import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconEdit, IconLock, IconTrash } from "@tabler/icons-react";
import type { SsoConnection } from "#shared/contracts/sso.ts";
import { SectionCard } from "#web/components/section-card.tsx";
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
              Domain verified
            </Badge>
          ) : (
            <Badge variant="light" color="red" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
              Domain not verified
            </Badge>
          )}
          {connection.requireSso ? (
            <Badge variant="filled" color="grape.8" leftSection={<IconLock size={12} aria-hidden />}>
              Required
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
            Edit
          </Button>
          <Button
            variant="default"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onDelete}
            aria-label={`Delete single sign-on for ${connection.domain}`}
          >
            Delete
          </Button>
        </Group>
      }
    >
      <Stack gap="md">
        {!connection.domainVerified ? (
          <Text size="sm" c="red.8">
            {`${connection.domain} is no longer verified, so nobody can sign in through this connection. Verify it again on the Domains tab.`}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {saml ? <Fact label="IdP entity ID" value={saml.idpEntityId} /> : null}
          {saml ? <Fact label="IdP sign-in URL" value={saml.ssoUrl} /> : null}
          {saml?.metadataUrl ? <Fact label="Metadata read from" value={saml.metadataUrl} /> : null}
          {expires ? (
            <Fact
              label="Signing certificate"
              value={`${isPast(expires) ? "Expired" : "Valid until"} ${formatDate(expires)}`}
              danger={isPast(expires)}
            />
          ) : null}
          {oidc ? <Fact label="Issuer" value={oidc.issuer} /> : null}
          {oidc ? <Fact label="Client ID" value={oidc.clientId} /> : null}
          <Fact label="Default role" value={roleLabel(connection.defaultRole)} />
          <Fact
            label="Group mappings"
            value={
              connection.groupMappings.length
                ? connection.groupMappings.map((mapping) => mapping.group).join(", ")
                : "None"
            }
          />
          <Fact
            label="IdP-initiated sign-in"
            value={connection.allowIdpInitiated ? "Allowed" : "Not allowed"}
          />
          <Fact label="Set up" value={formatDate(connection.createdAt)} />
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
