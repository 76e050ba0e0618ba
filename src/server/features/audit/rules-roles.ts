import type { AuditRule, RuleInput } from "./rule.ts";

/** Custom roles (issue 18, decision 35): better-auth's dynamic access control paths. */

interface RoleRow {
  id: string;
  organizationId: string;
  role: string;
  description?: string | null;
  permission?: unknown;
}

const roleTarget = (role: RoleRow) => ({ type: "role" as const, id: role.id, label: role.role });

const roleData = (role: RoleRow) => ({
  id: role.id,
  organizationId: role.organizationId,
  name: role.role,
  description: role.description ?? null,
  permissions: typeof role.permission === "string" ? JSON.parse(role.permission) : (role.permission ?? {}),
});

/** The role a request names, by id or name, in the organization it names or the session's active one. */
async function roleOf(ctx: RuleInput["ctx"]): Promise<RoleRow | null> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const session = ctx.context.session as { session?: { activeOrganizationId?: string | null } } | null;
  const organizationId =
    typeof body.organizationId === "string" ? body.organizationId : session?.session?.activeOrganizationId;
  const by = typeof body.roleId === "string" ? "id" : typeof body.roleName === "string" ? "role" : null;
  if (!organizationId || !by) return null;
  return ctx.context.adapter.findOne<RoleRow>({
    model: "organizationRole",
    where: [
      { field: "organizationId", value: organizationId },
      { field: by, value: String(by === "id" ? body.roleId : body.roleName) },
    ],
  });
}

export const roleRules: AuditRule[] = [
  {
    path: "/organization/create-role",
    event: ({ returned }) => {
      const role = returned?.roleData as RoleRow | undefined;
      return role?.id
        ? {
            action: "role.created",
            target: roleTarget(role),
            organizationId: role.organizationId,
            details: { permissions: roleData(role).permissions },
            data: roleData(role),
          }
        : null;
    },
  },
  {
    path: "/organization/update-role",
    before: roleOf,
    event: ({ returned, captured, body }) => {
      const role = returned?.roleData as RoleRow | undefined;
      return role?.id && captured
        ? {
            action: "role.updated",
            target: roleTarget(role),
            organizationId: role.organizationId,
            details: { changed: Object.keys(body.data ?? {}), previousName: captured.role },
            data: roleData(role),
          }
        : null;
    },
  },
  {
    path: "/organization/delete-role",
    before: roleOf,
    event: ({ captured }) =>
      captured && {
        action: "role.deleted",
        target: roleTarget(captured),
        organizationId: captured.organizationId,
        details: {},
        data: roleData(captured),
      },
  },
];
