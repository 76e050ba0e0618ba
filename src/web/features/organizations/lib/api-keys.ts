import type { API_KEY_EXPIRY_CHOICES, ApiKeyPermissions, ApiKeyResource } from "#shared/api-keys.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

export const RESOURCE_LABELS: Record<ApiKeyResource, MessageId> = {
  organization: "integrations.apiKeys.resource.organization",
  member: "integrations.apiKeys.resource.member",
  invitation: "integrations.apiKeys.resource.invitation",
  team: "integrations.apiKeys.resource.team",
};

/** The words of each permission a key can be given, by "resource:action". */
export const PERMISSION_LABELS: Record<string, MessageId> = {
  "organization:update": "integrations.apiKeys.permission.organizationUpdate",
  "organization:delete": "integrations.apiKeys.permission.organizationDelete",
  "member:create": "integrations.apiKeys.permission.memberCreate",
  "member:update": "integrations.apiKeys.permission.memberUpdate",
  "member:delete": "integrations.apiKeys.permission.memberDelete",
  "invitation:create": "integrations.apiKeys.permission.invitationCreate",
  "invitation:cancel": "integrations.apiKeys.permission.invitationCancel",
  "team:create": "integrations.apiKeys.permission.teamCreate",
  "team:update": "integrations.apiKeys.permission.teamUpdate",
  "team:delete": "integrations.apiKeys.permission.teamDelete",
};

/** The words of each expiry choice, by its label in API_KEY_EXPIRY_CHOICES (the form's value). */
export const EXPIRY_LABELS: Record<(typeof API_KEY_EXPIRY_CHOICES)[number]["label"], MessageId> = {
  "7 days": "integrations.apiKeys.expiry.week",
  "30 days": "integrations.apiKeys.expiry.month",
  "90 days": "integrations.apiKeys.expiry.quarter",
  "1 year": "integrations.apiKeys.expiry.year",
  Never: "integrations.apiKeys.expiry.never",
};

/** A key's permissions as short labels ("member:delete"), in the model's order. */
export function permissionLabels(permissions: ApiKeyPermissions | null | undefined): string[] {
  return Object.entries(permissions ?? {}).flatMap(([resource, actions]) =>
    (actions ?? []).map((action) => `${resource}:${action}`),
  );
}
