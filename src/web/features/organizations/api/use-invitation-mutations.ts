import type { OrganizationRole } from "#shared/permissions.ts";
import { parseRoles } from "#shared/roles.ts";
import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { organizationKey } from "./queries.ts";
import type { InvitationRow, OrganizationSummary } from "./types.ts";

export interface InviteFields {
  email: string;
  /** Built-in and custom role names. */
  roles: string[];
  teamId: string | null;
}

/** Sends an invitation mail; `onDone` follows the notification (e.g. clearing the email). */
export function useInviteMember(organization: OrganizationSummary, onDone: () => void) {
  return useApiMutation({
    mutationFn: (values: InviteFields) =>
      authCall((o) =>
        authClient.organization.inviteMember(
          {
            email: values.email.trim().toLowerCase(),
            role: values.roles,
            organizationId: organization.id,
            teamId: values.teamId ?? undefined,
          },
          o,
        ),
      ),
    invalidate: organizationKey(organization.id),
    success: (values) => ({
      title: t("organizations.invite.sentTitle"),
      message: t("organizations.invite.sentMessage", {
        email: values.email.trim(),
        organization: organization.name,
      }),
    }),
    onDone,
  });
}

/** Sends an invitation again with a fresh link; a failure shows as a notification. */
export function useResendInvitation(organizationId: string) {
  return useApiMutation({
    mutationFn: (invitation: InvitationRow) =>
      authCall((o) =>
        authClient.organization.inviteMember(
          {
            email: invitation.email,
            role: parseRoles(invitation.role) as OrganizationRole[],
            organizationId,
            teamId: invitation.teamId ? invitation.teamId.split(",") : undefined,
            resend: true,
          },
          o,
        ),
      ),
    invalidate: organizationKey(organizationId),
    success: (invitation) => ({
      title: t("organizations.invite.resentTitle"),
      message: t("organizations.invite.resentMessage", { email: invitation.email }),
    }),
    failureTitle: t("organizations.invite.resendFailed"),
  });
}

/** Withdraws a pending invitation (for a confirm dialog's action). */
export function cancelInvitation(invitation: InvitationRow): Promise<unknown> {
  return authCall((o) => authClient.organization.cancelInvitation({ invitationId: invitation.id }, o));
}
