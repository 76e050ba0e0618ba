import { Code, Text, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
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
      title="Delete user"
      onSubmit={() => remove.mutate()}
      error={remove.error}
      errorTitle="The user was not deleted"
      submitLabel="Delete user"
      danger
      loading={remove.isPending}
      submitDisabled={!matches}
      intro={
        <Text size="sm">
          {`This permanently deletes ${user.name || "this user"}'s account, sessions and linked sign-in methods. It cannot be undone.`}
        </Text>
      }
    >
      <TextInput
        label={
          <>
            {"Type "}
            <Code>{user.email}</Code>
            {" to confirm"}
          </>
        }
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        data-autofocus
      />
    </FormDialog>
  );
}
