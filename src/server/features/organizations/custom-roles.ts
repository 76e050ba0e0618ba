import { APIError } from "better-auth/api";
import { sql } from "kysely";
import { z } from "zod";
import { defineOverride, type HookContext, type Override } from "#server/auth/overrides.ts";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db } from "#server/db/tables.ts";
import { can, findMembership, isOwner } from "#server/features/organizations/access.ts";
import { requireSession } from "#server/features/organizations/context.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { beyondGranter, memberGrants } from "#server/features/organizations/role-definitions.ts";
import { roleDescriptionSchema, roleNameSchema, rolePermissionSchema } from "#shared/custom-roles.ts";
import { parseRoles } from "#shared/roles.ts";

/** Custom roles' refusals (issue 18, decision 35); better-auth's own codes stay for the rest. */
export const CUSTOM_ROLE_MESSAGES = {
  roleInUse: { code: "ROLE_IN_USE", message: "Members hold this role: give them another role first" },
  roleAboveYourOwn: {
    code: "ROLE_ABOVE_YOUR_OWN",
    message: "You cannot grant a role with permissions you do not have yourself",
  },
  roleNameTaken: { code: "ROLE_NAME_IS_ALREADY_TAKEN", message: "That role name is already taken" },
} as const;

/** Unique (organizationId, role): two concurrent creations of one name cannot both win. */
export const ORGANIZATION_ROLE_UNIQUE_INDEX = "organization_role_name_unique";

export async function migrateCustomRoles(db: Db): Promise<void> {
  await sql`create unique index if not exists ${sql.id(ORGANIZATION_ROLE_UNIQUE_INDEX)} on ${sql.id("organizationRole")} (${sql.id("organizationId")}, ${sql.id("role")})`.execute(
    db,
  );
}

const description = z.object({ description: roleDescriptionSchema.optional() }).optional();
const organizationId = z.string().max(100).optional();

/** The members of an organization holding `role`, and its pending invitations granting it. */
export async function roleHolders(db: Db, orgId: string, role: string) {
  const [members, invitations] = await Promise.all([
    db
      .selectFrom("member")
      .select(sql<number>`count(*)`.as("n"))
      .where("organizationId", "=", orgId)
      .where(hasRoleSql("member.role", role))
      .executeTakeFirst(),
    db
      .selectFrom("invitation")
      .select(sql<number>`count(*)`.as("n"))
      .where("organizationId", "=", orgId)
      .where("status", "=", "pending")
      .where(hasRoleSql("invitation.role", role))
      .executeTakeFirst(),
  ]);
  return { members: Number(members?.n ?? 0), invitations: Number(invitations?.n ?? 0) };
}

/** The caller's membership in the organization a role request names (body or active), or nothing. */
async function caller(db: Db, ctx: HookContext, orgId: string | undefined) {
  const session = await requireSession(ctx);
  const id = orgId ?? (session.session.activeOrganizationId as string | null | undefined);
  return id ? findMembership(db, id, session.user.id) : undefined;
}

/** The role row a delete-role/update-role request names, by name or id. */
async function namedRole(db: Db, orgId: string, body: { roleName?: string; roleId?: string }) {
  let query = db.selectFrom("organizationRole").selectAll().where("organizationId", "=", orgId);
  if (body.roleId) query = query.where("id", "=", body.roleId);
  else if (body.roleName) query = query.where("role", "=", body.roleName);
  else return undefined;
  return query.executeTakeFirst();
}

/** 409 when members or pending invitations hold the role: deleting or renaming it would strand them. */
function refuseInUse({ members, invitations }: { members: number; invitations: number }) {
  if (members === 0 && invitations === 0) return;
  const held = [
    members ? `${members} ${members === 1 ? "member holds" : "members hold"} this role` : "",
    invitations
      ? `${invitations} pending ${invitations === 1 ? "invitation grants" : "invitations grant"} it`
      : "",
  ].filter(Boolean);
  throw APIError.fromStatus("CONFLICT", {
    ...CUSTOM_ROLE_MESSAGES.roleInUse,
    message: `${held.join(" and ")}: give them another role (or cancel the invitations) first`,
    members,
    invitations,
  });
}

/** Refuses granting (or changing someone who holds) permissions the granter lacks; owners may grant all. */
async function assertWithinGranter(
  db: Db,
  granter: { organizationId: string; role: string },
  roles: string[],
) {
  if (isOwner(granter.role)) return;
  const missing = await beyondGranter(db, granter, roles);
  if (missing.length > 0) {
    throw APIError.fromStatus("FORBIDDEN", {
      ...CUSTOM_ROLE_MESSAGES.roleAboveYourOwn,
      missingPermissions: missing,
    });
  }
}

const roleValue = z.union([z.string(), z.array(z.string())]);

/**
 * Guards on better-auth's dynamic access control endpoints: names and permissions validated, a role in use
 * neither deleted nor renamed (409 with the count), and no grant above the granter's own (which better-auth
 * checks only for the owner role).
 */
export function customRoleOverrides(db: Db): Override[] {
  return [
    defineOverride({
      path: "/organization/create-role",
      mode: "guard",
      body: z.object({
        organizationId,
        role: roleNameSchema,
        permission: rolePermissionSchema,
        additionalFields: description,
      }),
      handler: async () => undefined,
    }),
    defineOverride({
      path: "/organization/update-role",
      mode: "guard",
      body: z.object({
        organizationId,
        roleName: z.string().max(64).optional(),
        roleId: z.string().max(100).optional(),
        data: z.object({
          roleName: roleNameSchema.optional(),
          permission: rolePermissionSchema.optional(),
          description: roleDescriptionSchema.optional(),
        }),
      }),
      handler: async (ctx, { body }) => {
        const member = await caller(db, ctx, body.organizationId);
        if (!member || !(await can(db, member, { ac: ["update"] }))) return;
        const role = await namedRole(db, member.organizationId, body);
        if (!role || !body.data.roleName || body.data.roleName === role.role) return;
        refuseInUse(await roleHolders(db, member.organizationId, role.role));
      },
    }),
    defineOverride({
      path: "/organization/delete-role",
      mode: "guard",
      handler: async (ctx) => {
        const body = z
          .object({
            organizationId,
            roleName: z.string().max(64).optional(),
            roleId: z.string().max(100).optional(),
          })
          .safeParse(ctx.body ?? {});
        if (!body.success) return;
        const member = await caller(db, ctx, body.data.organizationId);
        if (!member || !(await can(db, member, { ac: ["delete"] }))) return;
        const role = await namedRole(db, member.organizationId, body.data);
        if (!role) return;
        refuseInUse(await roleHolders(db, member.organizationId, role.role));
      },
    }),
    defineOverride({
      path: "/organization/update-member-role",
      mode: "guard",
      body: z.object({ role: roleValue, memberId: z.string().max(100), organizationId }).passthrough(),
      handler: async (ctx, { body }) => {
        const actor = await caller(db, ctx, body.organizationId);
        if (!actor) return;
        const target = await db
          .selectFrom("member")
          .select("role")
          .where("id", "=", body.memberId)
          .where("organizationId", "=", actor.organizationId)
          .executeTakeFirst();
        if (!target || !(await can(db, actor, { member: ["update"] }))) return;
        await assertWithinGranter(db, actor, [...parseRoles(body.role), ...parseRoles(target.role)]);
      },
    }),
    defineOverride({
      path: "/organization/invite-member",
      mode: "guard",
      body: z.object({ role: roleValue, organizationId }).passthrough(),
      handler: async (ctx, { body }) => {
        const actor = await caller(db, ctx, body.organizationId);
        if (!actor || !(await can(db, actor, { invitation: ["create"] }))) return;
        await assertWithinGranter(db, actor, parseRoles(body.role));
      },
    }),
  ];
}

/**
 * GET /organization/my-permissions: what the caller's roles, built-in and custom, grant in the organization
 * (the web hides exactly what the server refuses; a custom role may lack ac:read, so list-roles is no help).
 */
export async function myPermissions(db: Db, ctx: HookContext, organizationId: string | undefined) {
  const member = await caller(db, ctx, organizationId);
  if (!member) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAMember);
  return {
    organizationId: member.organizationId,
    role: member.role,
    permissions: await memberGrants(db, member),
  };
}
