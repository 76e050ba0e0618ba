import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { formatList } from "#web/lib/format.ts";

import { roleLabel } from "../lib/roles.ts";
import { ORG_KEY } from "./queries.ts";
import type { MemberRow } from "./types.ts";

/** How a member is named on screen: their name, else their email. */
export function memberName(member: Pick<MemberRow, "user">): string {
  return member.user.name || member.user.email;
}

/** Gives a member exactly these roles. */
export function useUpdateMemberRoles(organizationId: string, member: MemberRow, onDone: () => void) {
  return useApiMutation({
    mutationFn: (roles: string[]) =>
      authCall((o) =>
        authClient.organization.updateMemberRole({ memberId: member.id, role: roles, organizationId }, o),
      ),
    invalidate: [ORG_KEY],
    success: (roles) => ({
      title: t("organizations.members.rolesUpdatedTitle"),
      message: t("organizations.members.rolesUpdatedMessage", {
        name: memberName(member),
        roles: formatList(roles.map(roleLabel)),
      }),
    }),
    onDone,
  });
}

/** Takes a member out of the organization (for a confirm dialog's action). */
export function removeMember(organizationId: string, member: MemberRow): Promise<unknown> {
  return authCall((o) =>
    authClient.organization.removeMember({ memberIdOrEmail: member.id, organizationId }, o),
  );
}
