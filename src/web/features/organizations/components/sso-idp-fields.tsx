import {
  Button,
  FileButton,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { useState } from "react";
import { SAML_METADATA_MAX } from "#shared/contracts/sso.ts";
import { t } from "#web/i18n/i18n.ts";
import type { SsoFormForm } from "./sso-connection-form.tsx";

/** The identity provider's side: SAML metadata (pasted, uploaded or at a URL), or OIDC's issuer and client. */
export function IdentityProviderFields({ form, editing }: { form: SsoFormForm; editing: boolean }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t("integrations.sso.idp.title")}
      </Title>
      {form.values.protocol === "saml" ? (
        <SamlFields form={form} editing={editing} />
      ) : (
        <OidcFields form={form} editing={editing} />
      )}
    </Stack>
  );
}

function SamlFields({ form, editing }: { form: SsoFormForm; editing: boolean }) {
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  async function readFile(file: File | null) {
    if (!file) return;
    if (file.size > SAML_METADATA_MAX) {
      setFileProblem(t("integrations.sso.idp.fileTooLarge", { name: file.name }));
      return;
    }
    setFileProblem(null);
    form.setFieldValue("metadataXml", await file.text());
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t("integrations.sso.idp.metadataSource")}
        data={[
          { value: "xml", label: t("integrations.sso.idp.metadataXmlOption") },
          { value: "url", label: t("integrations.sso.idp.metadataUrlOption") },
        ]}
        style={{ alignSelf: "flex-start" }}
        {...form.getInputProps("samlSource")}
      />
      {form.values.samlSource === "xml" ? (
        <>
          <Textarea
            size="md"
            label={t("integrations.sso.idp.metadataXml")}
            description={
              editing ? t("integrations.sso.idp.metadataXmlKeep") : t("integrations.sso.idp.metadataXmlNew")
            }
            placeholder={'<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" …'}
            autosize
            minRows={4}
            maxRows={10}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
            {...form.getInputProps("metadataXml")}
          />
          <Group gap="sm">
            <FileButton onChange={(file) => void readFile(file)} accept=".xml,application/xml,text/xml">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="default"
                  leftSection={<IconFileUpload size={14} aria-hidden />}
                >
                  {t("integrations.sso.idp.uploadXml")}
                </Button>
              )}
            </FileButton>
            {fileProblem ? (
              <Text size="xs" c="red.8" role="alert">
                {fileProblem}
              </Text>
            ) : null}
          </Group>
        </>
      ) : (
        <TextInput
          label={t("integrations.sso.idp.metadataUrl")}
          description={t("integrations.sso.idp.metadataUrlDescription")}
          placeholder="https://idp.example.com/app/metadata"
          type="url"
          {...form.getInputProps("metadataUrl")}
        />
      )}
    </Stack>
  );
}

function OidcFields({ form, editing }: { form: SsoFormForm; editing: boolean }) {
  return (
    <Stack gap="sm">
      <TextInput
        label={t("integrations.sso.idp.issuer")}
        description={t("integrations.sso.idp.issuerDescription")}
        placeholder="https://login.example.com"
        type="url"
        {...form.getInputProps("issuer")}
      />
      <TextInput
        label={t("integrations.sso.idp.clientId")}
        autoComplete="off"
        {...form.getInputProps("clientId")}
      />
      <PasswordInput
        label={t("integrations.sso.idp.clientSecret")}
        description={editing ? t("integrations.sso.idp.clientSecretKeep") : undefined}
        autoComplete="new-password"
        {...form.getInputProps("clientSecret")}
      />
      <TextInput
        label={t("integrations.sso.idp.scopes")}
        description={t("integrations.sso.idp.scopesDescription")}
        placeholder="groups"
        {...form.getInputProps("scopes")}
      />
    </Stack>
  );
}
