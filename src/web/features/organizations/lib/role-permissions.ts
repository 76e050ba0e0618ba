import type { Statement } from "#shared/custom-roles.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** The permission groups of src/shared/permissions.ts, for the role form (words: `t(id)` at render). */
export const STATEMENT_LABELS: Record<Statement, MessageId> = {
  organization: "organizations.permissions.group.organization",
  member: "organizations.permissions.group.member",
  invitation: "organizations.permissions.group.invitation",
  team: "organizations.permissions.group.team",
  ac: "organizations.permissions.group.ac",
  apiKey: "organizations.permissions.group.apiKey",
};

/** Each "resource:action" (words: `t(id)` at render; permissionWords says one). */
const PERMISSION_WORDS: Record<string, MessageId> = {
  "organization:update": "organizations.permissions.organizationUpdate",
  "organization:delete": "organizations.permissions.organizationDelete",
  "member:create": "organizations.permissions.memberCreate",
  "member:update": "organizations.permissions.memberUpdate",
  "member:delete": "organizations.permissions.memberDelete",
  "invitation:create": "organizations.permissions.invitationCreate",
  "invitation:cancel": "organizations.permissions.invitationCancel",
  "team:create": "organizations.permissions.teamCreate",
  "team:update": "organizations.permissions.teamUpdate",
  "team:delete": "organizations.permissions.teamDelete",
  "ac:create": "organizations.permissions.acCreate",
  "ac:read": "organizations.permissions.acRead",
  "ac:update": "organizations.permissions.acUpdate",
  "ac:delete": "organizations.permissions.acDelete",
  "apiKey:create": "organizations.permissions.apiKeyCreate",
  "apiKey:read": "organizations.permissions.apiKeyRead",
  "apiKey:update": "organizations.permissions.apiKeyUpdate",
  "apiKey:delete": "organizations.permissions.apiKeyDelete",
};

/** A "resource:action" in words, in the current language; an unknown one as "resource: action". */
export function permissionWords(resource: string, action: string): string {
  const id = PERMISSION_WORDS[`${resource}:${action}`];
  return id ? t(id) : `${resource}: ${action}`;
}

/** How many permissions a role grants, in words. */
export function permissionCount(grants: Partial<Record<string, string[]>>): number {
  return Object.values(grants).reduce((n, actions) => n + (actions?.length ?? 0), 0);
}
