/**
 * The objects a webhook's `data` carries, as the API answers them: secrets, hashes and tokens never leave.
 * Each picks the fields a receiver may rely on; anything else a row holds stays out.
 */

type Row = Record<string, unknown>;

const pick = (row: Row | null | undefined, keys: readonly string[]) =>
  row ? Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, iso(row[k])])) : null;

/** Dates as ISO 8601 text, whatever the database handed back. */
function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

const USER_KEYS = [
  "id",
  "name",
  "email",
  "emailVerified",
  "image",
  "role",
  "banned",
  "banReason",
  "banExpires",
  "twoFactorEnabled",
  "createdAt",
  "updatedAt",
] as const;

/** A user without their password hash, tokens or two-factor secrets. */
export const userData = (user: Row | null | undefined) => pick(user, USER_KEYS);

export const organizationData = (org: Row | null | undefined) =>
  pick(org, ["id", "name", "slug", "logo", "metadata", "requireTwoFactor", "createdAt"]);

export const memberData = (member: Row | null | undefined) =>
  pick(member, ["id", "organizationId", "userId", "role", "teamId", "createdAt"]);

export const invitationData = (invitation: Row | null | undefined) =>
  pick(invitation, [
    "id",
    "organizationId",
    "email",
    "role",
    "teamId",
    "status",
    "inviterId",
    "expiresAt",
    "createdAt",
  ]);

export const teamData = (team: Row | null | undefined) =>
  pick(team, ["id", "organizationId", "name", "createdAt", "updatedAt"]);

export const teamMemberData = (row: Row | null | undefined) =>
  pick(row, ["id", "teamId", "userId", "createdAt"]);

/** An API key without its hash: the first characters shown in lists, never the key. */
export const apiKeyData = (key: Row | null | undefined) =>
  pick(key, ["id", "name", "start", "prefix", "referenceId", "permissions", "expiresAt", "createdAt"]);

export const passkeyData = (passkey: Row | null | undefined) =>
  pick(passkey, ["id", "name", "userId", "deviceType", "backedUp", "createdAt"]);

/** A list of roles as stored ("admin,member") or as given (["admin"]), as one comparable string. */
export function rolesText(role: unknown): string | null {
  if (Array.isArray(role)) return role.map(String).join(",");
  return typeof role === "string" ? role : null;
}
