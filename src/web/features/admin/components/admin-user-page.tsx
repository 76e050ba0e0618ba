import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconAlertTriangle,
  IconBan,
  IconCalendar,
  IconCheck,
  IconCircleCheck,
  IconClock,
  IconCopy,
  IconId,
  IconLockOpen,
  IconMail,
  IconRefresh,
  IconShieldLock,
  IconSpy,
  IconTrash,
  IconUserSearch,
} from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ButtonLink } from "#web/components/button-link.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { isAdmin } from "#web/lib/admin-role.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDate, formatDateTime, formatRelative, isPast } from "#web/lib/format.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { type AdminUser, useAdminUser, useImpersonate, useUnbanUser } from "../api/admin-users.ts";
import { adminErrorText, isNotFound } from "../lib/admin-errors.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { BanUserDialog } from "./ban-user-dialog.tsx";
import { DeleteUserDialog } from "./delete-user-dialog.tsx";
import { RoleDialog } from "./role-dialog.tsx";
import { RoleBadge, StatusBadges } from "./user-badges.tsx";
import { UserOverviewCard } from "./user-overview-card.tsx";
import { UserSessionsCard } from "./user-sessions-card.tsx";

const route = getRouteApi("/admin/users/$id");

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
          {label}
        </Text>
        <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/**
 * A button that stays focusable while unavailable, so its reason (tooltip and
 * description) can be read; Mantine's `data-disabled` styles it as disabled.
 */
function GuardedButton({
  reason,
  id,
  children,
  ...props
}: { reason: string | null; id: string; children: ReactNode } & React.ComponentProps<
  typeof Button<"button">
>) {
  if (!reason) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip label={reason} withArrow multiline maw={260}>
      <Button
        {...props}
        data-disabled
        aria-disabled
        aria-describedby={`${id}-reason`}
        onClick={(event) => event.preventDefault()}
        loading={false}
      >
        {children}
        <VisuallyHidden id={`${id}-reason`}>{reason}</VisuallyHidden>
      </Button>
    </Tooltip>
  );
}

function UserPageSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading user">
      <Skeleton height={12} width={160} radius="xl" />
      <Group gap="md" wrap="nowrap">
        <Skeleton height={64} circle />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={20} width="40%" radius="xl" />
          <Skeleton height={12} width="30%" radius="xl" />
        </Stack>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {[0, 1, 2, 3].map((key) => (
            <Stack key={key} gap={6}>
              <Skeleton height={8} width="30%" radius="xl" />
              <Skeleton height={12} width="60%" radius="xl" />
            </Stack>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Skeleton height={14} width="20%" radius="xl" mb="md" />
        <Skeleton height={10} width="70%" radius="xl" />
      </Card>
    </Stack>
  );
}

function BanAlert({ user }: { user: AdminUser }) {
  const unban = useUnbanUser();

  async function lift() {
    const done = await unban
      .mutateAsync(user.id)
      .then(() => true)
      .catch((error: unknown) => {
        notifications.show({ color: "red", title: "Could not unban", message: adminErrorText(error) });
        return false;
      });
    if (done) {
      notifications.show({
        color: "teal",
        title: "User unbanned",
        message: `${user.name || user.email} can sign in again.`,
      });
    }
  }

  return (
    <Alert color="red" variant="light" title="This user is banned" icon={<IconBan size={18} aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        <div>
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {user.banReason ? `Reason: ${user.banReason}` : "No reason was given."}
          </Text>
          <Text size="sm">
            {user.banExpires && isPast(user.banExpires)
              ? `The ban ended ${formatDateTime(user.banExpires)}; it is lifted when they next sign in.`
              : user.banExpires
                ? `The ban ends ${formatDateTime(user.banExpires)} (${formatRelative(user.banExpires)}).`
                : "The ban has no end date: it lasts until you unban them."}
          </Text>
        </div>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconLockOpen size={14} aria-hidden />}
          onClick={lift}
          loading={unban.isPending}
        >
          Unban
        </Button>
      </Stack>
    </Alert>
  );
}

/** `/admin/users/$id`: one user's profile and sessions, with the admin actions. */
export function AdminUserPage() {
  const { id } = route.useParams();
  const { data: session } = authClient.useSession();
  const user = useAdminUser(id);
  const impersonate = useImpersonate();
  const [dialog, setDialog] = useState<"ban" | "role" | "delete" | null>(null);
  usePageTitle(user.data ? user.data.name || user.data.email : "User");

  if (user.isPending) return <UserPageSkeleton />;

  if (user.error || !user.data) {
    const missing = isNotFound(user.error);
    return (
      <Stack gap="lg">
        <AdminPageHeader title={missing ? "User not found" : "We couldn't load this user"} current="User" />
        <Alert
          color={missing ? "gray" : "red"}
          variant="light"
          icon={
            missing ? <IconUserSearch size={18} aria-hidden /> : <IconAlertTriangle size={18} aria-hidden />
          }
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {missing
                ? "There is no user with this ID. They may have been deleted."
                : adminErrorText(user.error)}
            </Text>
            <Group gap="xs">
              {missing ? null : (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} aria-hidden />}
                  onClick={() => void user.refetch()}
                >
                  Try again
                </Button>
              )}
              <ButtonLink to="/admin/users" size="xs" variant="default">
                Back to users
              </ButtonLink>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const target = user.data;
  const self = session?.user.id === target.id;
  const targetIsAdmin = isAdmin(target);
  const impersonateReason = self
    ? "This is your own account."
    : targetIsAdmin
      ? "Admins cannot be impersonated. Change their role to User first if you need to."
      : target.banned
        ? "A banned user cannot be impersonated. Unban them first."
        : null;

  async function startImpersonating() {
    await impersonate.mutateAsync(target.id).catch((error: unknown) => {
      notifications.show({ color: "red", title: "Could not impersonate", message: adminErrorText(error) });
    });
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        current={target.name || target.email}
        leading={
          <UserAvatar name={target.name} email={target.email} image={target.image} size={64} radius="xl" />
        }
        title={target.name || target.email}
        description={
          <Stack gap={6}>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {target.email}
            </Text>
            <Group gap={6}>
              <RoleBadge user={target} />
              <StatusBadges user={target} />
              {self ? (
                <Text size="xs" c="dimmed">
                  (you)
                </Text>
              ) : null}
            </Group>
          </Stack>
        }
        actions={
          <>
            <GuardedButton
              id="impersonate"
              reason={impersonateReason}
              variant="default"
              leftSection={<IconSpy size={16} aria-hidden />}
              onClick={startImpersonating}
              loading={impersonate.isPending || impersonate.isSuccess}
            >
              Impersonate
            </GuardedButton>
            {target.banned ? null : (
              <GuardedButton
                id="ban"
                reason={self ? "You cannot ban your own account." : null}
                variant="light"
                color="red"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => setDialog("ban")}
              >
                Ban user
              </GuardedButton>
            )}
          </>
        }
      />

      {target.banned ? <BanAlert user={target} /> : null}

      <Card withBorder shadow="xs" radius="lg" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Profile
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Detail icon={<IconId size={18} />} label="User ID">
              <Group gap={4} wrap="nowrap">
                <Code style={{ overflowWrap: "anywhere" }}>{target.id}</Code>
                <CopyButton value={target.id}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? "Copied" : "Copy user ID"} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? "teal" : "gray"}
                        size="sm"
                        onClick={copy}
                        aria-label="Copy user ID"
                      >
                        {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
            </Detail>
            <Detail icon={<IconMail size={18} />} label="Email">
              <Group gap={6} wrap="wrap">
                <span>{target.email}</span>
                {target.emailVerified ? (
                  <IconCircleCheck
                    size={16}
                    color="var(--mantine-color-teal-light-color)"
                    aria-label="verified"
                    role="img"
                  />
                ) : (
                  <Text span size="xs" c="dimmed">
                    (not verified)
                  </Text>
                )}
              </Group>
            </Detail>
            <Detail icon={<IconShieldLock size={18} />} label="Role">
              <Group gap="xs" wrap="wrap">
                <span>{targetIsAdmin ? "Admin" : "User"}</span>
                <GuardedButton
                  id="role"
                  reason={self ? "You cannot change your own role. Ask another admin." : null}
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setDialog("role")}
                >
                  Change role
                </GuardedButton>
              </Group>
            </Detail>
            <Detail icon={<IconCalendar size={18} />} label="Joined">
              {`${formatDate(target.createdAt)} (${formatRelative(target.createdAt)})`}
            </Detail>
            <Detail icon={<IconClock size={18} />} label="Last updated">
              {formatDateTime(target.updatedAt)}
            </Detail>
            <Detail icon={<IconBan size={18} />} label="Access">
              {target.banned ? "Banned" : "Can sign in"}
            </Detail>
          </SimpleGrid>
        </Stack>
      </Card>

      <UserOverviewCard userId={target.id} />

      <UserSessionsCard user={target} />

      <Card
        withBorder
        shadow="xs"
        radius="lg"
        padding="lg"
        style={{ borderColor: "var(--mantine-color-red-outline)" }}
      >
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <div style={{ flex: "1 1 280px" }}>
            <Title order={2} fz="lg">
              Delete user
            </Title>
            <Text size="sm" c="dimmed">
              Removes the account, its sessions and sign-in methods for good. A user who is the only owner of
              an organization cannot be deleted until another owner is named.
            </Text>
          </div>
          <GuardedButton
            id="delete"
            reason={self ? "Delete your own account from your account settings." : null}
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDialog("delete")}
          >
            Delete user
          </GuardedButton>
        </Group>
      </Card>

      <BanUserDialog user={target} opened={dialog === "ban"} onClose={() => setDialog(null)} />
      <RoleDialog
        key={target.role ?? ""}
        user={target}
        opened={dialog === "role"}
        onClose={() => setDialog(null)}
      />
      <DeleteUserDialog user={target} opened={dialog === "delete"} onClose={() => setDialog(null)} />
    </Stack>
  );
}
