import type { Statement } from "#shared/custom-roles.ts";

/** The permission groups of src/shared/permissions.ts in words, for the role form. */
export const STATEMENT_LABELS: Record<Statement, string> = {
  organization: "Organization",
  member: "Members",
  invitation: "Invitations",
  team: "Teams",
  ac: "Roles",
  apiKey: "API keys",
};

/** Each "resource:action" in words. */
export const PERMISSION_WORDS: Record<string, string> = {
  "organization:update": "Change name, slug and logo",
  "organization:delete": "Delete the organization",
  "member:create": "Add members",
  "member:update": "Change members' roles",
  "member:delete": "Remove members",
  "invitation:create": "Invite people",
  "invitation:cancel": "Cancel invitations",
  "team:create": "Create teams",
  "team:update": "Rename teams and manage their members",
  "team:delete": "Delete teams",
  "ac:create": "Create roles",
  "ac:read": "See roles",
  "ac:update": "Edit roles",
  "ac:delete": "Delete roles",
  "apiKey:create": "Create API keys",
  "apiKey:read": "See API keys",
  "apiKey:update": "Edit API keys",
  "apiKey:delete": "Revoke API keys",
};

/** How many permissions a role grants, in words. */
export function permissionCount(grants: Partial<Record<string, string[]>>): number {
  return Object.values(grants).reduce((n, actions) => n + (actions?.length ?? 0), 0);
}
