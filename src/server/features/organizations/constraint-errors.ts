import { APIError } from "better-auth/api";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import { TEAM_NAME_UNIQUE_INDEX } from "#server/features/organizations/team-names.ts";

/** Messages our triggers raise (see constraints.ts); the database, not the code path, enforces them. */
export const TRIGGER_MESSAGES = {
  membershipLimit: "GATEHOUSE_MEMBERSHIP_LIMIT",
  lastOwner: "GATEHOUSE_LAST_OWNER",
} as const;

export const MEMBER_UNIQUE_INDEX = "member_organization_user_unique";

interface DbError {
  code?: string;
  message?: string;
  constraint?: string;
}

/**
 * Turns a constraint the database refused into the API error a client expects,
 * so a race lost at the database answers like the same request refused earlier by a check.
 * Given to openDatabase by boot/server.ts (db/error-translation.ts applies it to every query).
 */
export function translateConstraintError(error: unknown): unknown {
  if (!error || typeof error !== "object") return error;
  const { code = "", message = "", constraint = "" } = error as DbError;
  if (message.includes(TRIGGER_MESSAGES.membershipLimit)) {
    return APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.membershipLimitReached);
  }
  if (message.includes(TRIGGER_MESSAGES.lastOwner)) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.onlyOwner);
  }
  const unique = code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
  if (unique && (constraint === "organization_slug_key" || message.includes("organization.slug"))) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.organizationExists);
  }
  if (
    unique &&
    (constraint === MEMBER_UNIQUE_INDEX || message.includes("member.organizationId, member.userId"))
  ) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.alreadyMember);
  }
  // Issue 20: the unique (organizationId, lower(trim(name))) index decides a race for one team name.
  if (unique && (constraint === TEAM_NAME_UNIQUE_INDEX || message.includes(TEAM_NAME_UNIQUE_INDEX))) {
    return APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.teamNameTaken);
  }
  // Custom roles (decision 35): the unique (organizationId, role) index decides a race for one name.
  if (
    unique &&
    (constraint === "organization_role_name_unique" || message.includes("organizationRole.organizationId"))
  ) {
    return APIError.from("BAD_REQUEST", {
      code: "ROLE_NAME_IS_ALREADY_TAKEN",
      message: "That role name is already taken",
    });
  }
  return error;
}
