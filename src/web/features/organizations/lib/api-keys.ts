import type { ApiKeyPermissions, ApiKeyResource } from "#shared/api-keys.ts";

export const RESOURCE_LABELS: Record<ApiKeyResource, string> = {
  organization: "Organization",
  member: "Members",
  invitation: "Invitations",
  team: "Teams",
};

/** A key's permissions as short labels ("member:delete"), in the model's order. */
export function permissionLabels(permissions: ApiKeyPermissions | null | undefined): string[] {
  return Object.entries(permissions ?? {}).flatMap(([resource, actions]) =>
    (actions ?? []).map((action) => `${resource}:${action}`),
  );
}
