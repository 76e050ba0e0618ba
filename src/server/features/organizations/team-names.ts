import { APIError } from "better-auth/api";
import { sql } from "kysely";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";

/**
 * One name per team within an organization, whatever its case and surrounding spaces (issue 20). The
 * check below answers the clear error; the unique index decides two creations racing for one name.
 * Both compare `lower(trim(name))`, so they always agree: on PostgreSQL that folds every letter, on
 * SQLite only A–Z (its built-in lower()), which still covers the names people type in practice.
 */
export const TEAM_NAME_UNIQUE_INDEX = "team_organization_name_unique";

const nameKey = sql`lower(trim(${sql.ref("name")}))`;

/**
 * The unique index, made when the teams allow it. Teams named alike before this rule are left as they
 * are (renaming someone's teams behind their back would surprise more than a duplicate does): the index
 * waits, a warning names the count, and every start tries again once they are renamed. New duplicates
 * are refused by the check meanwhile; only a race between two creations could still slip through.
 */
export async function migrateTeamNames(db: Db, logger?: Logger): Promise<void> {
  try {
    await sql`create unique index if not exists ${sql.id(TEAM_NAME_UNIQUE_INDEX)} on ${sql.id("team")} (${sql.id("organizationId")}, ${nameKey})`.execute(
      db,
    );
  } catch (error) {
    const clashes = await db
      .selectFrom("team")
      .select("organizationId")
      .groupBy(["organizationId", nameKey])
      .having(sql`count(*)`, ">", 1)
      .execute();
    if (clashes.length === 0) throw error;
    logger?.warn(
      { organizations: new Set(clashes.map((c) => c.organizationId)).size, names: clashes.length },
      "teams named alike within an organization: rename them so that one name means one team",
    );
  }
}

/** The team of the organization called `name` (case and surrounding spaces aside), other than `except`. */
export async function teamNamed(db: Db, organizationId: string, name: string, except?: string) {
  let query = db
    .selectFrom("team")
    .select(["id", "name"])
    .where("organizationId", "=", organizationId)
    .where(nameKey, "=", sql`lower(trim(${name}))`);
  if (except) query = query.where("id", "<>", except);
  return query.executeTakeFirst();
}

/** The team `teamId` of the organization, or undefined when the organization has no such team. */
export async function teamOf(db: Db, organizationId: string, teamId: string) {
  return db
    .selectFrom("team")
    .select(["id", "name"])
    .where("id", "=", teamId)
    .where("organizationId", "=", organizationId)
    .executeTakeFirst();
}

/** Refuses a name another team of the organization already has. */
export async function refuseTakenTeamName(db: Db, organizationId: string, name: string, except?: string) {
  if (await teamNamed(db, organizationId, name, except)) {
    throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.teamNameTaken);
  }
}

/**
 * `name`, or the first of "name (2)", "name (3)"… no other team of the organization has: for teams an
 * identity provider names (SCIM groups), which must not fail because someone made a team of that name.
 */
export async function freeTeamName(db: Db, organizationId: string, name: string, except?: string) {
  let candidate = name;
  for (let n = 2; await teamNamed(db, organizationId, candidate, except); n += 1) {
    candidate = `${name} (${n})`;
  }
  return candidate;
}
