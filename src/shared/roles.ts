/**
 * Roles are stored as one comma-separated value ("owner,admin"), as better-auth's organization and admin
 * plugins store them. This is the one reading of that value, on both sides; the database reads it the same
 * way through hasRoleSql (src/server/db/roles-sql.ts).
 */

/** Characters a role value may carry around its names; they are never part of a name. */
const AROUND_NAMES = /[ \t\r\n]/g;

/**
 * The role names of a role value: split on commas, whitespace removed, empty parts dropped, each name once
 * (first occurrence first). `null`, `undefined` and `""` have none; an array is read element by element.
 * Role names hold no whitespace (better-auth accepts only the defined roles), so removing it is trimming.
 *
 * @example parseRoles(" admin, owner,,admin") // ["admin", "owner"]
 */
export function parseRoles(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === "string" ? value.split(",") : (value ?? []).flatMap((v) => v.split(","));
  const names: string[] = [];
  for (const part of parts) {
    const name = part.replace(AROUND_NAMES, "");
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** True when the role value holds `role` (case-sensitive, as the database check). */
export function hasRole(value: string | readonly string[] | null | undefined, role: string): boolean {
  return parseRoles(value).includes(role);
}

/** The stored form of a list of roles: parsed names joined by commas ("owner,admin"). */
export function formatRoles(value: string | readonly string[] | null | undefined): string {
  return parseRoles(value).join(",");
}

/** The built-in organization roles as a person reads them; a custom role's name is its own label. */
export const ROLE_LABELS = { owner: "Owner", admin: "Admin", member: "Member" } as const;

export function roleLabel(name: string): string {
  return Object.hasOwn(ROLE_LABELS, name) ? ROLE_LABELS[name as keyof typeof ROLE_LABELS] : name;
}

/** A role value as a sentence reads it: "admin,member" → "Admin and Member". */
export function rolesText(value: string | readonly string[] | null | undefined): string {
  return new Intl.ListFormat("en", { type: "conjunction" }).format(parseRoles(value).map(roleLabel));
}
