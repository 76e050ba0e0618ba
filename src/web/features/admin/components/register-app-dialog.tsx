import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { APP_TYPES } from "#shared/contracts/applications.ts";
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
      title="Register an app"
      onSubmit={form.onSubmit((values) => register.mutate(values))}
      error={register.error}
      errorTitle="The app was not registered"
      submitLabel="Register app"
      loading={register.isPending}
    >
      <TextInput
        label="Name"
        description="Shown to people on the consent screen."
        required
        data-autofocus
        maxLength={100}
        {...form.getInputProps("name")}
      />
      <Radio.Group label="Type" required {...form.getInputProps("type")}>
        <Stack gap="xs" mt={6}>
          {APP_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={APP_TYPE_TEXT[type].label}
              description={APP_TYPE_TEXT[type].description}
            />
          ))}
        </Stack>
      </Radio.Group>
      {service ? null : (
        <>
          <Textarea
            label="Redirect URIs"
            description="Where people return after signing in: one full address per line, exactly as the app sends it."
            placeholder="https://app.example.com/auth/callback"
            required
            size="md"
            autosize
            minRows={2}
            {...form.getInputProps("redirectUris")}
          />
          <Textarea
            label="Post-logout redirect URIs"
            description="Optional: where the app may send people after signing out, one per line."
            placeholder="https://app.example.com/"
            size="md"
            autosize
            minRows={1}
            {...form.getInputProps("postLogoutRedirectUris")}
          />
        </>
      )}
      <TextInput
        label="Logo URL"
        description="Optional: an https:// image shown on the consent screen."
        placeholder="https://app.example.com/logo.png"
        {...form.getInputProps("logoUri")}
      />
      <TextInput
        label="Homepage"
        description="Optional: the app's address, shown on the consent screen."
        placeholder="https://app.example.com"
        {...form.getInputProps("clientUri")}
      />
      {service ? null : (
        <Checkbox.Group
          label="Allowed scopes"
          description="What the app may ask for."
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
        label="First-party app"
        description="Your own app: people are not asked for consent. Only for apps your organization runs."
        {...form.getInputProps("firstParty", { type: "checkbox" })}
      />
      <Text size="xs" c="dimmed">
        {service
          ? "A service gets a client ID and a secret for the client credentials grant."
          : "Web apps get a client secret; single-page and native apps use PKCE instead."}
      </Text>
    </FormDialog>
  );
}
