import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { APP_TYPES } from "#shared/contracts/applications.ts";
import { t } from "#web/i18n/i18n.ts";
import { KNOWN_SCOPES, scopeText } from "#web/lib/oauth-scopes.ts";
import { type IssuedCredentials, useRegisterApplication } from "../api/applications.ts";
import { APP_TYPE_TEXT, type RegistrationValues, registrationSchema } from "../lib/app-registration.ts";
import { closing, FormDialog, useSchemaForm } from "./form-dialog.tsx";

const INITIAL: RegistrationValues = {
  name: "",
  logoUri: "",
  clientUri: "",
  type: "web",
  redirectUris: "",
  postLogoutRedirectUris: "",
  firstParty: false,
  scopes: ["openid", "profile", "email"],
};

interface RegisterAppDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Gets the client id (and secret, once) the provider issued. */
  onRegistered: (issued: IssuedCredentials) => void;
}

/** Admin → Applications → Register: an app that signs people in through Gatehouse, or a service. */
export function RegisterAppDialog({ opened, onClose, onRegistered }: RegisterAppDialogProps) {
  const form = useSchemaForm(registrationSchema, INITIAL);
  const register = useRegisterApplication((issued) => {
    close();
    onRegistered(issued);
  });
  const close = closing(onClose, form, register);
  const service = form.values.type === "service";

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={t("admin.register.title")}
      onSubmit={form.onSubmit((values) => register.mutate(values))}
      error={register.error}
      errorTitle={t("admin.register.failed")}
      submitLabel={t("admin.register.submit")}
      loading={register.isPending}
    >
      <TextInput
        label={t("admin.createUser.name")}
        description={t("admin.register.nameHelp")}
        required
        data-autofocus
        maxLength={100}
        {...form.getInputProps("name")}
      />
      <Radio.Group label={t("admin.app.type")} required {...form.getInputProps("type")}>
        <Stack gap="xs" mt={6}>
          {APP_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(APP_TYPE_TEXT[type].label)}
              description={t(APP_TYPE_TEXT[type].description)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {service ? null : (
        <>
          <Textarea
            label={t("admin.app.redirectUris")}
            description={t("admin.register.redirectHelp")}
            placeholder="https://app.example.com/auth/callback"
            required
            size="md"
            autosize
            minRows={2}
            {...form.getInputProps("redirectUris")}
          />
          <Textarea
            label={t("admin.app.postLogoutUris")}
            description={t("admin.register.postLogoutHelp")}
            placeholder="https://app.example.com/"
            size="md"
            autosize
            minRows={1}
            {...form.getInputProps("postLogoutRedirectUris")}
          />
        </>
      )}
      <TextInput
        label={t("admin.register.logo")}
        description={t("admin.register.logoHelp")}
        placeholder="https://app.example.com/logo.png"
        {...form.getInputProps("logoUri")}
      />
      <TextInput
        label={t("admin.register.homepage")}
        description={t("admin.register.homepageHelp")}
        placeholder="https://app.example.com"
        {...form.getInputProps("clientUri")}
      />
      {service ? null : (
        <Checkbox.Group
          label={t("admin.app.scopes")}
          description={t("admin.register.scopesHelp")}
          {...form.getInputProps("scopes")}
        >
          <Group gap="md" mt={6}>
            {KNOWN_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} aria-description={scopeText(scope).title} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Checkbox
        label={t("admin.register.firstParty")}
        description={t("admin.register.firstPartyHelp")}
        {...form.getInputProps("firstParty", { type: "checkbox" })}
      />
      <Text size="xs" c="dimmed">
        {service ? t("admin.register.serviceNote") : t("admin.register.clientNote")}
      </Text>
    </FormDialog>
  );
}
