import { Code, Text, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { t } from "#web/i18n/i18n.ts";
import { T } from "#web/i18n/locale-root.tsx";
import { useRemoveUser } from "../api/admin-mutations.ts";
import { closing, FormDialog, type UserDialogProps } from "./form-dialog.tsx";

/**
 * Deletes a user after they type the email address. A refusal from the server
 * (e.g. the user is the only owner of an organization) is shown as it comes.
 */
export function DeleteUserDialog({ user, opened, onClose }: UserDialogProps) {
  const navigate = useNavigate();
  const remove = useRemoveUser(user, {
    onDone: () => {
      onClose();
      return navigate({ to: "/admin/users" });
    },
  });
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  const close = closing(onClose, remove, { reset: () => setTyped("") });

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={t("admin.deleteUser.title")}
      onSubmit={() => remove.mutate()}
      error={remove.error}
      errorTitle={t("admin.deleteUser.failed")}
      submitLabel={t("admin.deleteUser.title")}
      danger
      loading={remove.isPending}
      submitDisabled={!matches}
      intro={
        <Text size="sm">
          {user.name ? t("admin.deleteUser.intro", { name: user.name }) : t("admin.deleteUser.introUnnamed")}
        </Text>
      }
    >
      <TextInput
        label={
          <T
            id="admin.deleteUser.typeToConfirm"
            values={{ email: user.email }}
            components={{ email: <Code /> }}
          />
        }
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        data-autofocus
      />
    </FormDialog>
  );
}
