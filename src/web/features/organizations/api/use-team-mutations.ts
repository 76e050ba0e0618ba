import { t } from "#web/i18n/i18n.ts";
import { authCall } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { organizationKey } from "./queries.ts";
import type { TeamRow } from "./types.ts";

/** Creates a team, or renames `team` when given. */
export function useSaveTeam(organizationId: string, team: TeamRow | null, onDone: () => void) {
  return useApiMutation({
    mutationFn: (name: string) =>
      team
        ? authCall((o) =>
            authClient.organization.updateTeam({ teamId: team.id, data: { name, organizationId } }, o),
          )
        : authCall((o) => authClient.organization.createTeam({ name, organizationId }, o)),
    invalidate: organizationKey(organizationId),
    success: (name) =>
      team
        ? {
            title: t("organizations.teams.renamedTitle"),
            message: t("organizations.teams.renamedMessage", { oldName: team.name, name }),
          }
        : {
            title: t("organizations.teams.createdTitle"),
            message: t("organizations.teams.createdMessage", { name }),
          },
    onDone,
  });
}

/** Removes a team (for a confirm dialog's action). */
export async function removeTeam(organizationId: string, team: TeamRow, activeTeamId: string | null) {
  // better-auth refuses to remove the session's active team; clear it first.
  if (activeTeamId === team.id)
    await authCall((o) => authClient.organization.setActiveTeam({ teamId: null }, o));
  return authCall((o) => authClient.organization.removeTeam({ teamId: team.id, organizationId }, o));
}

/** Someone put in or taken out of a team: `name` is how the notification calls them. */
export interface TeamMemberChange {
  userId: string;
  name: string;
}

/** Adds a member of the organization to a team; `onDone` clears the picker. */
export function useAddTeamMember(organizationId: string, team: TeamRow, onDone: () => void) {
  return useApiMutation({
    mutationFn: ({ userId }: TeamMemberChange) =>
      authCall((o) => authClient.organization.addTeamMember({ teamId: team.id, userId, organizationId }, o)),
    invalidate: organizationKey(organizationId),
    success: ({ name }) => ({
      title: t("organizations.teamMembers.addedTitle"),
      message: t("organizations.teamMembers.addedMessage", { name, team: team.name }),
    }),
    onDone,
  });
}

/** Takes someone out of a team; a failure shows as a notification. */
export function useRemoveTeamMember(organizationId: string, team: TeamRow) {
  return useApiMutation({
    mutationFn: ({ userId }: TeamMemberChange) =>
      authCall((o) =>
        authClient.organization.removeTeamMember({ teamId: team.id, userId, organizationId }, o),
      ),
    invalidate: organizationKey(organizationId),
    success: ({ name }) => ({
      title: t("organizations.teamMembers.removedTitle"),
      message: t("organizations.teamMembers.removedMessage", { name, team: team.name }),
    }),
    failureTitle: t("organizations.teamMembers.removeFailed"),
  });
}
