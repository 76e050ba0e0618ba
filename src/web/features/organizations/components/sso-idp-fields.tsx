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
import type { SsoFormForm } from "./sso-connection-form.tsx";

/** The identity provider's side: SAML metadata (pasted, uploaded or at a URL), or OIDC's issuer and client. */
export function IdentityProviderFields({ form, editing }: { form: SsoFormForm; editing: boolean }) {
  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Your identity provider
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
      setFileProblem(`${file.name} is over 100 KB: is it the metadata file?`);
      return;
    }
    setFileProblem(null);
    form.setFieldValue("metadataXml", await file.text());
  }

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Where the IdP metadata comes from"
        data={[
          { value: "xml", label: "Metadata XML" },
          { value: "url", label: "Metadata URL" },
        ]}
        style={{ alignSelf: "flex-start" }}
        {...form.getInputProps("samlSource")}
      />
      {form.values.samlSource === "xml" ? (
        <>
          <Textarea
            size="md"
            label="IdP metadata XML"
            description={
              editing
                ? "Leave empty to keep the current metadata; paste new metadata when the IdP's certificate changes."
                : "Paste the metadata your identity provider gives for this app, or upload its file."
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
                  Upload .xml file
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
          label="IdP metadata URL"
          description="Gatehouse reads the metadata from this address now and whenever the connection is saved."
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
        label="Issuer"
        description="The IdP's issuer URL; its /.well-known/openid-configuration is read from there."
        placeholder="https://login.example.com"
        type="url"
        {...form.getInputProps("issuer")}
      />
      <TextInput label="Client ID" autoComplete="off" {...form.getInputProps("clientId")} />
      <PasswordInput
        label="Client secret"
        description={editing ? "Leave empty to keep the current secret." : undefined}
        autoComplete="new-password"
        {...form.getInputProps("clientSecret")}
      />
      <TextInput
        label="Extra scopes"
        description="Beyond openid, email and profile, separated by spaces (for example groups)."
        placeholder="groups"
        {...form.getInputProps("scopes")}
      />
    </Stack>
  );
}
