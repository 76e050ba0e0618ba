import { Alert, Button, Group, SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { SsoConnection } from "#shared/contracts/sso.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useCreateSsoConnection, useUpdateSsoConnection } from "../api/use-sso.ts";
import {
  createBody,
  initialSsoValues,
  type SsoFormValues,
  ssoFormErrors,
  updateBody,
} from "../lib/sso-form.ts";
import { useCurrentOrganization } from "./organization-context.tsx";
import { useRoleOptions } from "./role-select.tsx";
import { IdentityProviderFields } from "./sso-idp-fields.tsx";
import { AttributeMappingFields, GroupMappingFields } from "./sso-mapping-fields.tsx";
import { ServiceProviderValuesList } from "./sso-service-provider.tsx";

/** The form of a connection, validated by the same rules on submit. */
function useSsoForm(connection: SsoConnection | null, domain: string) {
  return useForm<SsoFormValues>({
    mode: "controlled",
    initialValues: initialSsoValues(connection, domain),
    validate: (values) => ssoFormErrors(values, connection !== null),
  });
}
export type SsoFormForm = ReturnType<typeof useSsoForm>;

interface SsoConnectionFormProps {
  /** The connection being edited; null to set up a new one. */
  connection: SsoConnection | null;
  /** The organization's verified domains without a connection yet (a new connection picks one). */
  domains: string[];
  onClose: () => void;
}

/** Setting up (or editing) one connection: protocol, domain, what to copy into the IdP, the IdP, the rules. */
export function SsoConnectionForm({ connection, domains, onClose }: SsoConnectionFormProps) {
  const { organization } = useCurrentOrganization();
  const editing = connection !== null;
  const form = useSsoForm(connection, domains[0] ?? "");
  const create = useCreateSsoConnection(organization.id, onClose);
  const update = useUpdateSsoConnection(organization.id, onClose);
  const mutation = editing ? update : create;
  const roles = useRoleOptions(false);
  const { values } = form;

  function submit(submitted: SsoFormValues) {
    if (connection) update.mutate({ connection, body: updateBody(submitted, connection) });
    else create.mutate(createBody(submitted));
  }

  return (
    <SectionCard
      id="sso-setup"
      title={
        editing
          ? t("integrations.sso.form.editTitle", { domain: connection.domain })
          : t("integrations.sso.form.setUpTitle")
      }
      description={t("integrations.sso.form.description")}
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="lg">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="sso-protocol-label">
                {t("integrations.sso.form.protocol")}
              </Text>
              <SegmentedControl
                aria-labelledby="sso-protocol-label"
                data={[
                  { value: "saml", label: "SAML 2.0" },
                  { value: "oidc", label: "OpenID Connect" },
                ]}
                disabled={editing}
                {...form.getInputProps("protocol")}
              />
            </Stack>
            <Select
              size="md"
              label={t("integrations.sso.form.domain")}
              description={t("integrations.sso.form.domainDescription")}
              data={editing ? [connection.domain] : domains}
              disabled={editing}
              allowDeselect={false}
              style={{ flex: "1 1 220px" }}
              {...form.getInputProps("domain")}
            />
          </Group>
          <ServiceProviderValuesList
            organizationId={organization.id}
            domain={values.domain || null}
            protocol={values.protocol}
          />
          <IdentityProviderFields form={form} editing={editing} />
          <Select
            size="md"
            label={t("integrations.sso.card.defaultRole")}
            description={t("integrations.sso.form.defaultRoleDescription")}
            data={roles.data.filter((role) => role.value !== "owner")}
            allowDeselect={false}
            {...form.getInputProps("defaultRole")}
          />
          <Switch
            label={
              values.domain
                ? t("integrations.sso.form.requireFor", { domain: values.domain })
                : t("integrations.sso.form.requireForYourDomain")
            }
            description={
              values.domain
                ? t("integrations.sso.form.requireDescription", { domain: values.domain })
                : t("integrations.sso.form.requireDescriptionAnyDomain")
            }
            {...form.getInputProps("requireSso", { type: "checkbox" })}
          />
          <Switch
            label={t("integrations.sso.form.allowIdpInitiated")}
            description={t("integrations.sso.form.allowIdpInitiatedDescription")}
            {...form.getInputProps("allowIdpInitiated", { type: "checkbox" })}
          />
          {values.allowIdpInitiated ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t("integrations.sso.form.idpInitiatedWarning")}
            </Alert>
          ) : null}
          <AttributeMappingFields form={form} />
          <GroupMappingFields form={form} roles={roles.data} />
          <ErrorAlert error={mutation.error} title={t("integrations.sso.form.notSaved")} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("integrations.sso.form.cancel")}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? t("integrations.sso.form.saveChanges") : t("integrations.sso.form.saveConnection")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
