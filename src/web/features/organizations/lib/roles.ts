import type { Grants } from "#shared/custom-roles.ts";
import { ORGANIZATION_ROLE_NAMES, type OrganizationRole, organizationRoles } from "#shared/permissions.ts";
import { hasRole, parseRoles } from "#shared/roles.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/**
 * The English names of the built-in roles (#shared/roles.ts). Kept for screens not yet converted to
 * roleLabel; a screen shows roleLabel(name), in the current language.
 */

const ROLE_LABEL_IDS: Record<OrganizationRole, MessageId> = {
  owner: "organizations.role.owner",
  admin: "organizations.role.admin",
  member: "organizations.role.member",
};

/** A role as a person reads it, in the current language; a custom role's name is its own label. */
export function roleLabel(name: string): string {
  return Object.hasOwn(ROLE_LABEL_IDS, name) ? t(ROLE_LABEL_IDS[name as OrganizationRole]) : name;
}

/** What each built-in role may do (words: `t(id)` at render). */
export const ROLE_DESCRIPTIONS: Record<OrganizationRole, MessageId> = {
  owner: "organizations.role.ownerDescription",
  admin: "organizations.role.adminDescription",
  member: "organizations.role.memberDescription",
};

export const ROLE_COLORS: Record<OrganizationRole, string> = {
  owner: "grape",
  admin: "indigo",
  member: "gray",
};

export function roleColor(name: string): string {
  return ROLE_COLORS[name as OrganizationRole] ?? "gray";
}

/** Roles in the order the UI lists them. */
export const ROLE_OPTIONS = ORGANIZATION_ROLE_NAMES;

type Permissions = {
  organization?: ("update" | "delete")[];
  member?: ("create" | "update" | "delete")[];
  invitation?: ("create" | "cancel")[];
  team?: ("create" | "update" | "delete")[];
  apiKey?: ("create" | "read" | "update" | "delete")[];
};

/**
 * True when any of the member's roles grants every action asked for, by the
 * same access model the server enforces (src/shared/permissions.ts). An unknown
 * role grants nothing.
 */
export function roleCan(role: string | null | undefined, permissions: Permissions): boolean {
  return parseRoles(role).some((name) => {
    const known = Object.hasOwn(organizationRoles, name) ? organizationRoles[name as OrganizationRole] : null;
    return known ? known.authorize(permissions).success : false;
  });
}

/** What the signed-in member may do in an organization, for hiding or disabling controls. */
export interface OrgAbilities {
  isOwner: boolean;
  updateOrganization: boolean;
  deleteOrganization: boolean;
  inviteMembers: boolean;
  cancelInvitations: boolean;
  updateMembers: boolean;
  removeMembers: boolean;
  createTeams: boolean;
  updateTeams: boolean;
  deleteTeams: boolean;
  /** Create, list and revoke the organization's API keys (owners and admins). */
  manageApiKeys: boolean;
  /** Read the organization's audit log and manage its webhooks (owners and admins; the server checks the same). */
  manageAudit: boolean;
  /** See the organization's custom roles (ac:read), define (ac:create), edit (ac:update), delete (ac:delete). */
  readRoles: boolean;
  createRoles: boolean;
  updateRoles: boolean;
  deleteRoles: boolean;
}

/**
 * The abilities of a role value. `grants`, when known, is what the server says the member's roles grant
 * (GET /organization/my-permissions: custom roles included); until then only built-in roles count.
 */
export function abilitiesOf(role: string | null | undefined, grants?: Grants): OrgAbilities {
  const allows = (permissions: Permissions & { ac?: string[] }) =>
    grants
      ? Object.entries(permissions).every(([resource, actions]) =>
          (actions ?? []).every((action) => (grants[resource as keyof Grants] ?? []).includes(action)),
        )
      : roleCan(role, permissions as Permissions);
  return {
    isOwner: hasRole(role, "owner"),
    updateOrganization: allows({ organization: ["update"] }),
    deleteOrganization: allows({ organization: ["delete"] }),
    inviteMembers: allows({ invitation: ["create"] }),
    cancelInvitations: allows({ invitation: ["cancel"] }),
    updateMembers: allows({ member: ["update"] }),
    removeMembers: allows({ member: ["delete"] }),
    createTeams: allows({ team: ["create"] }),
    updateTeams: allows({ team: ["update"] }),
    deleteTeams: allows({ team: ["delete"] }),
    manageApiKeys: allows({ apiKey: ["create", "read", "delete"] }),
    manageAudit: hasRole(role, "owner") || hasRole(role, "admin"),
    readRoles: allows({ ac: ["read"] }),
    createRoles: allows({ ac: ["create"] }),
    updateRoles: allows({ ac: ["update"] }),
    deleteRoles: allows({ ac: ["delete"] }),
  };
}
