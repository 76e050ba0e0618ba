import { z } from "zod";
import { fieldWords } from "./fields.ts";
import { ORGANIZATION_ROLE_NAMES, organizationRoles, statements } from "./permissions.ts";

/**
 * Custom organization roles (issue 18, decision 35): the rules of a role definition, used by the server's
 * guards on better-auth's create-role/update-role and by the web's role form.
 */

/** Custom roles one organization may define. @default 50 */
export const MAX_CUSTOM_ROLES = 50;

/**
 * A role name: lowercase letters, digits and hyphens, starting with a letter. Stored in the comma-separated
 * member role value and read by SQL triggers (db/roles-sql.ts), so no commas, spaces or quotes.
 */
const ROLE_NAME = { min: 2, max: 32 } as const;
const ROLE_DESCRIPTION_MAX = 200;

export const roleNameSchema = z
  .string()
  .min(ROLE_NAME.min, { error: () => fieldWords().roleNameTooShort(ROLE_NAME.min) })
  .max(ROLE_NAME.max, { error: () => fieldWords().roleNameTooLong(ROLE_NAME.max) })
  .regex(/^[a-z][a-z0-9-]*$/, { error: () => fieldWords().roleNameCharacters() })
  .refine((name) => !(ORGANIZATION_ROLE_NAMES as string[]).includes(name), {
    error: () => fieldWords().roleNameBuiltIn(),
  });

export const roleDescriptionSchema = z
  .string()
  .trim()
  .max(ROLE_DESCRIPTION_MAX, { error: () => fieldWords().descriptionTooLong(ROLE_DESCRIPTION_MAX) });

export type Statement = keyof typeof statements;
export type Grants = Partial<Record<Statement, string[]>>;

/** Only the statements and actions of src/shared/permissions.ts, each action once. */
export const rolePermissionSchema = z
  .record(z.string(), z.array(z.string()))
  .superRefine((value, ctx) => {
    for (const [resource, actions] of Object.entries(value)) {
      if (!Object.hasOwn(statements, resource)) {
        ctx.addIssue({ code: "custom", message: `Unknown permission group: ${resource}` });
        continue;
      }
      const allowed: readonly string[] = statements[resource as Statement];
      for (const action of actions) {
        if (!allowed.includes(action))
          ctx.addIssue({ code: "custom", message: `Unknown permission: ${resource}:${action}` });
      }
    }
  })
  .transform((value) => {
    const grants: Grants = {};
    for (const [resource, actions] of Object.entries(value)) {
      if (actions.length) grants[resource as Statement] = [...new Set(actions)];
    }
    return grants;
  });

/** The built-in roles' grants, by name. */
export const BUILT_IN_GRANTS: Record<string, Grants> = Object.fromEntries(
  ORGANIZATION_ROLE_NAMES.map((name) => [name, organizationRoles[name].statements as unknown as Grants]),
);

/**
 * The roles an organization knows: the built-in ones and its custom roles, given as better-auth's
 * organizationRole rows (`permission` is JSON). A built-in name is never redefined; a broken row grants nothing.
 */
export function roleDefinitionsFrom(
  rows: readonly { role: string; permission: string }[],
): Record<string, Grants> {
  const definitions: Record<string, Grants> = { ...BUILT_IN_GRANTS };
  for (const row of rows) {
    if (Object.hasOwn(BUILT_IN_GRANTS, row.role)) continue;
    try {
      const value = JSON.parse(row.permission) as unknown;
      definitions[row.role] = value && typeof value === "object" ? (value as Grants) : {};
    } catch {
      definitions[row.role] = {};
    }
  }
  return definitions;
}

/** Every action a set of role definitions grants to a role value, merged ("resource:action" sets). */
export function grantsOf(definitions: Readonly<Record<string, Grants>>, roles: readonly string[]): Grants {
  const merged: Grants = {};
  for (const name of roles) {
    if (!Object.hasOwn(definitions, name)) continue;
    for (const [resource, actions] of Object.entries(definitions[name] ?? {})) {
      const key = resource as Statement;
      merged[key] = [...new Set([...(merged[key] ?? []), ...(actions ?? [])])];
    }
  }
  return merged;
}

/** The actions of `wanted` that `held` lacks, as "resource:action". */
export function missingGrants(held: Grants, wanted: Grants): string[] {
  return Object.entries(wanted).flatMap(([resource, actions]) =>
    (actions ?? [])
      .filter((action) => !(held[resource as Statement] ?? []).includes(action))
      .map((action) => `${resource}:${action}`),
  );
}
