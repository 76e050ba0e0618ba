import { Alert, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useRemoveUser } from "../api/admin-users.ts";
import { adminErrorText } from "../lib/admin-errors.ts";
import { AdminDialog, type UserDialogProps } from "./admin-dialog.tsx";

/**
 * Deletes a user after they type the email address. A refusal from the server
 * (e.g. the user is the only owner of an organization) is shown as it comes.
 */
export function DeleteUserDialog({ user, opened, onClose }: UserDialogProps) {
  const navigate = useNavigate();
  const remove = useRemoveUser();
  const [typed, setTyped] = useState("");
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  function close() {
    setTyped("");
    remove.reset();
    onClose();
  }

  async function confirm() {
    const done = await remove
      .mutateAsync(user.id)
      .then(() => true)
      .catch(() => false);
    if (!done) return;
    notifications.show({
      color: "teal",
      title: "User deleted",
      message: `${user.name || user.email} and their sessions are gone.`,
    });
    onClose();
    await navigate({ to: "/admin/users" });
  }

  return (
    <AdminDialog opened={opened} onClose={close} title="Delete user">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) void confirm();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {`This permanently deletes ${user.name || "this user"}'s account, sessions and linked sign-in methods. It cannot be undone.`}
          </Text>
          {remove.error ? (
            <Alert
              color="red"
              variant="light"
              title="The user was not deleted"
              icon={<IconAlertCircle size={18} aria-hidden />}
            >
              {adminErrorText(remove.error)}
            </Alert>
          ) : null}
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
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!matches} loading={remove.isPending}>
              Delete user
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
