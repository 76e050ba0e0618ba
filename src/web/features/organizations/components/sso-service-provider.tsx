import { Alert, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ServiceProviderValues, SsoProtocol } from "#shared/contracts/sso.ts";
import { CopyField } from "#web/components/copy-field.tsx";
import { LoadError } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
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
        {t("integrations.sso.sp.title")}
      </Title>
      {values.isPending && domain ? <Skeleton height={120} radius="md" /> : null}
      {values.error ? (
        <LoadError
          error={values.error}
          onRetry={() => void values.refetch()}
          title={t("integrations.sso.sp.loadError")}
        />
      ) : null}
      {values.data ? <ServiceProviderFields values={values.data} protocol={protocol} /> : null}
      {!domain ? (
        <Alert color="gray" variant="light">
          {t("integrations.sso.sp.chooseDomain")}
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
        <CopyField
          label={t("integrations.sso.sp.redirectUri")}
          value={values.redirectUri}
          testId="sp-redirect-uri"
        />
        <Text size="xs" c="dimmed">
          {t("integrations.sso.sp.redirectHelp")}
        </Text>
      </Stack>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <CopyField label={t("integrations.sso.sp.entityId")} value={values.entityId} testId="sp-entity-id" />
      <CopyField label={t("integrations.sso.sp.acsUrl")} value={values.acsUrl} testId="sp-acs-url" />
      <CopyField
        label={t("integrations.sso.sp.metadataUrl")}
        value={values.metadataUrl}
        testId="sp-metadata-url"
      />
      <CopyField label={t("integrations.sso.sp.sloUrl")} value={values.sloUrl} testId="sp-slo-url" />
    </SimpleGrid>
  );
}
