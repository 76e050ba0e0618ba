import { Group, Stack, Text } from "@mantine/core";
import { IconBan, IconSpy, IconTrash } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { SectionCard } from "#web/components/section-card.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { t } from "#web/i18n/i18n.ts";
import { isAdmin } from "#web/lib/admin-role.ts";
import { usePageTitle } from "#web/lib/use-page-title.ts";
import { useImpersonate } from "../api/admin-mutations.ts";
import { type AdminUser, useAdminUser } from "../api/admin-users.ts";
import { useAdminSession } from "../api/use-admin-session.ts";
import { AdminPageHeader } from "./admin-page-header.tsx";
import { BanAlert } from "./ban-alert.tsx";
import { BanUserDialog } from "./ban-user-dialog.tsx";
import { DeleteUserDialog } from "./delete-user-dialog.tsx";
import { GuardedButton } from "./guarded-button.tsx";
import { RoleDialog } from "./role-dialog.tsx";
import { RoleBadge, StatusBadges } from "./user-badges.tsx";
import { UserOverviewCard } from "./user-overview-card.tsx";
import { UserLoadFailed, UserPageSkeleton } from "./user-page-states.tsx";
import { UserProfileCard } from "./user-profile-card.tsx";
import { UserSessionsCard } from "./user-sessions-card.tsx";

const route = getRouteApi("/_signed-in/admin/users/$id");

type Dialog = "ban" | "role" | "delete";

function impersonationBlocker(target: AdminUser, self: boolean): string | null {
  if (self) return t("admin.impersonate.self");
  if (isAdmin(target)) return t("admin.impersonate.admin");
  if (target.banned) return t("admin.impersonate.banned");
  return null;
}

/** The header's actions: act as the user (after a confirmation naming them), or ban them. */
function UserActions({ target, self, onBan }: { target: AdminUser; self: boolean; onBan: () => void }) {
  const impersonate = useImpersonate(target);
  const [confirming, setConfirming] = useState(false);
  const name = target.name || target.email;
  return (
    <>
      <GuardedButton
        id="impersonate"
        reason={impersonationBlocker(target, self)}
        variant="default"
        leftSection={<IconSpy size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {t("admin.impersonate.button")}
      </GuardedButton>
      <ConfirmDialog
        opened={confirming}
        onClose={() => {
          setConfirming(false);
          impersonate.reset();
        }}
        title={t("admin.impersonate.title", { name })}
        confirmLabel={t("admin.impersonate.button")}
        danger={false}
        onConfirm={() => impersonate.mutate()}
        // Still loading while the page reloads as the user.
        loading={impersonate.isPending || impersonate.isSuccess}
        error={impersonate.error}
      >
        {t("admin.impersonate.body", { name, email: target.email })}
      </ConfirmDialog>
      {target.banned ? null : (
        <GuardedButton
          id="ban"
          reason={self ? t("admin.ban.self") : null}
          variant="light"
          color="red"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={onBan}
        >
          {t("admin.ban.submit")}
        </GuardedButton>
      )}
    </>
  );
}

/** `/admin/users/$id`: one user's profile and sessions, with the admin actions. */
export function AdminUserPage() {
  const { id } = route.useParams();
  const { userId } = useAdminSession();
  const user = useAdminUser(id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  usePageTitle(user.data ? user.data.name || user.data.email : t("admin.role.user"));

  if (user.isPending) return <UserPageSkeleton />;
  if (user.error || !user.data)
    return <UserLoadFailed error={user.error} onRetry={() => void user.refetch()} />;

  const target = user.data;
  const self = userId === target.id;
  const close = () => setDialog(null);

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
                  {t("admin.user.you")}
                </Text>
              ) : null}
            </Group>
          </Stack>
        }
        actions={<UserActions target={target} self={self} onBan={() => setDialog("ban")} />}
      />

      {target.banned ? <BanAlert user={target} /> : null}

      <UserProfileCard user={target} self={self} onChangeRole={() => setDialog("role")} />

      <UserOverviewCard userId={target.id} userName={target.name || target.email} />

      <UserSessionsCard user={target} />

      <SectionCard
        danger
        title={t("admin.deleteUser.title")}
        actions={
          <GuardedButton
            id="delete"
            reason={self ? t("admin.deleteUser.self") : null}
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setDialog("delete")}
          >
            {t("admin.deleteUser.title")}
          </GuardedButton>
        }
      >
        <Text size="sm" c="dimmed">
          {t("admin.deleteUser.description")}
        </Text>
      </SectionCard>

      <BanUserDialog user={target} opened={dialog === "ban"} onClose={close} />
      <RoleDialog key={target.role ?? ""} user={target} opened={dialog === "role"} onClose={close} />
      <DeleteUserDialog user={target} opened={dialog === "delete"} onClose={close} />
    </Stack>
  );
}
