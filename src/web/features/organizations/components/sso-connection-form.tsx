import { Alert, Button, Group, SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { SsoConnection } from "#shared/contracts/sso.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
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
      title={editing ? `Edit single sign-on for ${connection.domain}` : "Set up single sign-on"}
      description="Connect your identity provider (Okta, Entra ID, Google Workspace, …) so people at your domain sign in through it."
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="lg">
          <Group gap="md" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="sso-protocol-label">
                Protocol
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
              label="Domain"
              description="People with an address at this verified domain sign in here."
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
            label="Default role"
            description="What a person gets on their first sign-in when no group mapping grants a role."
            data={roles.data.filter((role) => role.value !== "owner")}
            allowDeselect={false}
            {...form.getInputProps("defaultRole")}
          />
          <Switch
            label={`Require single sign-on for @${values.domain || "your domain"}`}
            description={`Passwords, social sign-in, email codes and passkeys stop working for every address at ${values.domain || "the domain"}: those people can only sign in through your identity provider. Run a test sign-in first.`}
            {...form.getInputProps("requireSso", { type: "checkbox" })}
          />
          <Switch
            label="Allow IdP-initiated sign-in"
            description="Let people start from your identity provider's app dashboard. Off is safer."
            {...form.getInputProps("allowIdpInitiated", { type: "checkbox" })}
          />
          {values.allowIdpInitiated ? (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              A sign-in the IdP sends unasked cannot be tied to a request from this browser, so a stolen
              response could be replayed to sign someone in. Turn this on only if your people need the
              dashboard tile.
            </Alert>
          ) : null}
          <AttributeMappingFields form={form} />
          <GroupMappingFields form={form} roles={roles.data} />
          <ErrorAlert error={mutation.error} title="Single sign-on was not saved" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? "Save changes" : "Save connection"}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
