import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";

/**
 * Organization roles and what they may do (SPEC §6). The one definition used
 * by the server's organization() plugin and by the web client's
 * organizationClient(), so the UI hides exactly what the API refuses.
 */
export const statements = {
  organization: defaultStatements.organization,
  member: defaultStatements.member,
  invitation: defaultStatements.invitation,
  team: defaultStatements.team,
  ac: defaultStatements.ac,
  // Managing the organization's API keys (@better-auth/api-key asks for these on its organization keys).
  apiKey: ["create", "read", "update", "delete"],
} as const;

export const ac = createAccessControl(statements);

export const owner = ac.newRole({
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  ac: ["create", "read", "update", "delete"],
  apiKey: ["create", "read", "update", "delete"],
});

// Same as owner except organization delete (SPEC §6).
export const admin = ac.newRole({
  organization: ["update"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  team: ["create", "update", "delete"],
  ac: ["create", "read", "update", "delete"],
  apiKey: ["create", "read", "update", "delete"],
});

export const member = ac.newRole({
  organization: [],
  member: [],
  invitation: [],
  team: [],
  ac: ["read"],
  apiKey: [],
});

export const organizationRoles = { owner, admin, member };
export type OrganizationRole = keyof typeof organizationRoles;
export const ORGANIZATION_ROLE_NAMES = Object.keys(organizationRoles) as OrganizationRole[];
