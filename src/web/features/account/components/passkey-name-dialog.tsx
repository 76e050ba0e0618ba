import { Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { z } from "zod";
import { passkeyNameSchema } from "#shared/fields.ts";
import { LIMITS } from "#shared/limits.ts";
import { AppModal, DialogActions } from "#web/components/app-modal.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { t } from "#web/i18n/i18n.ts";
import { useRenamePasskey } from "../api/use-passkeys.ts";

interface PasskeyNameDialogProps {
  /** The passkey to name; the dialog is open while it is set. */
  target: { id: string; name: string } | null;
  /** "created": just added, named for the first time; "rename": renamed from the list. */
  mode: "created" | "rename";
  onClose: () => void;
}

/** Names a passkey (POST /passkey/update-passkey): right after adding it, or later from the list. */
export function PasskeyNameDialog({ target, mode, onClose }: PasskeyNameDialogProps) {
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={mode === "created" ? t("account.passkeyName.addedTitle") : t("account.passkeyName.renameTitle")}
    >
      {target ? <NameForm key={target.id} target={target} mode={mode} onClose={onClose} /> : null}
    </AppModal>
  );
}

function NameForm({
  target,
  mode,
  onClose,
}: {
  target: { id: string; name: string };
  mode: "created" | "rename";
  onClose: () => void;
}) {
  const rename = useRenamePasskey();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: target.name },
    validate: schemaResolver(z.object({ name: passkeyNameSchema(t("account.passkeyName.missing")) }), {
      sync: true,
    }),
  });

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        rename.mutate({ id: target.id, name: values.name.trim() }, { onSuccess: onClose }),
      )}
      noValidate
    >
      <Stack gap="md">
        {mode === "created" ? <Text size="sm">{t("account.passkeyName.addedText")}</Text> : null}
        <ErrorAlert error={rename.error} />
        <TextInput
          label={t("account.passkeyName.label")}
          required
          maxLength={LIMITS.passkeyName}
          data-autofocus
          {...form.getInputProps("name")}
        />
        <DialogActions
          confirmLabel={t("account.passkeyName.save")}
          cancelLabel={mode === "created" ? t("account.passkeyName.keep") : t("account.passkeyName.cancel")}
          onCancel={onClose}
          loading={rename.isPending}
        />
      </Stack>
    </form>
  );
}
