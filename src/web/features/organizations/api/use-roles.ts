import { useQuery } from "@tanstack/react-query";
import type { Grants } from "#shared/custom-roles.ts";
import { t } from "#web/i18n/i18n.ts";
import { authRequest } from "#web/lib/api/call.ts";
import { useApiMutation } from "#web/lib/api/use-api-mutation.ts";
import { organizationKey } from "./queries.ts";

/** A custom role as better-auth's list-roles answers it. */
export interface CustomRole {
  id: string;
  organizationId: string;
  role: string;
  description?: string | null;
  permission: Grants;
  createdAt: string;
}

export interface RoleInput {
  role: string;
  description: string;
  permission: Grants;
}

export function rolesKey(organizationId: string) {
  return [...organizationKey(organizationId), "roles"] as const;
}

export function myPermissionsKey(organizationId: string) {
  return [...organizationKey(organizationId), "my-permissions"] as const;
}

/** The organization's custom roles (every role holding ac:read may list them). */
export function useCustomRoles(organizationId: string, enabled = true) {
  return useQuery({
    queryKey: rolesKey(organizationId),
    enabled: enabled && Boolean(organizationId),
    queryFn: () => authRequest<CustomRole[]>("/organization/list-roles", { query: { organizationId } }),
  });
}

/**
 * What the signed-in member's roles, built-in and custom, grant here, as the server computes it: the one
 * source of the controls shown (the client's static checkRolePermission knows no custom role).
 */
export function useMyPermissions(organizationId: string | undefined) {
  return useQuery({
    queryKey: myPermissionsKey(organizationId ?? ""),
    enabled: Boolean(organizationId),
    queryFn: () =>
      authRequest<{ role: string; permissions: Grants }>("/organization/my-permissions", {
        query: { organizationId },
      }),
  });
}

export function useSaveRole(organizationId: string, existing: CustomRole | null, onDone: () => void) {
  return useApiMutation({
    mutationFn: (input: RoleInput) =>
      existing
        ? authRequest("/organization/update-role", {
            method: "POST",
            body: {
              organizationId,
              roleId: existing.id,
              data: {
                ...(input.role === existing.role ? {} : { roleName: input.role }),
                permission: input.permission,
                description: input.description,
              },
            },
          })
        : authRequest("/organization/create-role", {
            method: "POST",
            body: {
              organizationId,
              role: input.role,
              permission: input.permission,
              additionalFields: { description: input.description },
            },
          }),
    invalidate: organizationKey(organizationId),
    success: (input) => ({
      title: existing ? t("organizations.roles.savedTitle") : t("organizations.roles.createdTitle"),
      message: t("organizations.roles.savedMessage", { role: input.role }),
    }),
    onDone,
  });
}

export function deleteRole(role: CustomRole) {
  return authRequest("/organization/delete-role", {
    method: "POST",
    body: { organizationId: role.organizationId, roleId: role.id },
  });
}
