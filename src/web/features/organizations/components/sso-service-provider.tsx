import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ServiceProviderValues, SsoProtocol } from "#shared/contracts/sso.ts";
import { CopyField } from "#web/components/copy-field.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { useServiceProvider } from "../api/use-sso.ts";

/** What the owner copies into the IdP for a domain, fetched as soon as the domain is chosen. */
export function ServiceProviderValuesList({
  organizationId,
  domain,
  protocol,
}: {
  organizationId: string;
  domain: string | null;
  protocol: SsoProtocol;
}) {
  const values = useServiceProvider(organizationId, domain);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Copy these into your identity provider
      </Title>
      {values.isPending && domain ? <Skeleton height={120} radius="md" /> : null}
      {values.error ? (
        <LoadError
          error={values.error}
          onRetry={() => void values.refetch()}
          title="These values could not be loaded"
        />
      ) : null}
      {values.data ? <ServiceProviderFields values={values.data} protocol={protocol} /> : null}
      {!domain ? (
        <Alert color="gray" variant="light">
          Choose a domain to see them.
        </Alert>
      ) : null}
    </Stack>
  );
}

export function ServiceProviderFields({
  values,
  protocol,
}: {
  values: ServiceProviderValues;
  protocol: SsoProtocol;
}) {
  if (protocol === "oidc") {
    return (
      <Stack gap="xs">
        <CopyField label="Redirect URI" value={values.redirectUri} testId="sp-redirect-uri" />
        <Text size="xs" c="dimmed">
          Register it with your IdP as the app's sign-in redirect (callback) URL.
        </Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <CopyField label="Entity ID (audience)" value={values.entityId} testId="sp-entity-id" />
      <CopyField label="ACS URL (reply URL)" value={values.acsUrl} testId="sp-acs-url" />
      <CopyField label="SP metadata URL" value={values.metadataUrl} testId="sp-metadata-url" />
      <CopyField label="Single logout URL" value={values.sloUrl} testId="sp-slo-url" />
    </SimpleGrid>
  );
}
