import { type QueryCreator, sql } from "kysely";
import { strongSignInFlag } from "#server/auth/two-factor-compliance.ts";
import { isoDate, toDate } from "#server/db/dates.ts";
import { containsPattern, lowerContains } from "#server/db/like.ts";
import { hasRoleSql } from "#server/db/roles-sql.ts";
import type { Db, Tables } from "#server/db/tables.ts";
import { invitationsPage } from "#server/features/organizations/invitation-lists.ts";
import { memberCount } from "#server/features/organizations/member-count.ts";
import { countRows, type Page, pageAndCount } from "#server/features/organizations/paging.ts";
import {
  type FullOrganization,
  MEMBER_SORTS,
  type MembersPage,
  type OrganizationSummary,
  type TeamMemberRow,
  type TeamRow,
} from "#shared/contracts/organizations.ts";
import type { Fits, Wire } from "#shared/contracts/wire.ts";

export { MEMBER_SORTS };

type OrganizationRow = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: string | null;
  createdAt: Date | string;
  requireTwoFactor: boolean | number | null;
};

export function organizationJson(row: OrganizationRow) {
  return {
    ...row,
    metadata: parseMetadata(row.metadata),
    createdAt: toDate(row.createdAt),
    requireTwoFactor: Boolean(row.requireTwoFactor),
  };
}

/** Stored metadata as an object; anything else (absent, broken JSON, not an object) is null. */
function parseMetadata(value: string | null): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Every organization the user belongs to, in one query (stock better-auth stops at 100). */
export async function organizationsOfUser(db: Db, userId: string) {
  return (await organizationsOfUsers(db, [userId])).get(userId) ?? [];
}

/** organizationsOfUser for several users in one query (concurrent hot-path lists share it on PostgreSQL). */
export async function organizationsOfUsers(db: Db, userIds: string[]) {
  const rows = await listRows(db, userIds).execute();
  return listsOf(userIds, rows);
}

/**
 * PostgreSQL: a stamp of each user's organization list, which moves whenever a row the list is read from
 * changes: the user's memberships with the transaction that last wrote each membership row and its
 * organization's row (`xmin`, kept as written even once frozen). Updated, added or removed, committed by
 * any process: the stamp moves. Users without organizations are left out (their stamp is "").
 */
export async function organizationListStamps(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const rows = await listStamps(db, userIds).execute();
  return new Map(rows.map((r) => [r.userId, r.stamp]));
}

/** organizationsOfUsers with each list's stamp (organizationListStamps), read by the same statement. */
export async function stampedOrganizationLists(db: Db, userIds: string[]) {
  // listRows' query with the stamps joined (Kysely's types do not carry a CTE through a shared builder).
  const rows = await db
    .with("stamps", (w) => listStamps(w, userIds))
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .innerJoin("stamps", "stamps.userId", "member.userId")
    .select([...LIST_COLUMNS, "stamps.stamp"])
    .where("member.userId", "in", userIds)
    .orderBy("organization.name")
    .orderBy("organization.id")
    .execute();
  const lists = listsOf(userIds, rows);
  const stamps = new Map(rows.map((r) => [r.userId, r.stamp]));
  return new Map(userIds.map((id) => [id, { stamp: stamps.get(id) ?? "", list: lists.get(id) ?? [] }]));
}

const LIST_COLUMNS = [
  "member.userId",
  "organization.id",
  "organization.name",
  "organization.slug",
  "organization.logo",
  "organization.metadata",
  "organization.createdAt",
  "organization.requireTwoFactor",
  "member.role",
] as const;

function listRows(db: Db, userIds: string[]) {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(LIST_COLUMNS)
    .where("member.userId", "in", userIds)
    .orderBy("organization.name")
    .orderBy("organization.id");
}

function listStamps(db: QueryCreator<Tables>, userIds: string[]) {
  return db
    .selectFrom("member")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select([
      "member.userId",
      sql<string>`md5(string_agg(member.id || ':' || member.xmin::text || ':' || organization.xmin::text, ',' order by member.id))`.as(
        "stamp",
      ),
    ])
    .where("member.userId", "in", userIds)
    .groupBy("member.userId");
}

/** Each user's list from rows in list order; built field by field (organizationJson's shape plus the role): a hot path. */
function listsOf(userIds: string[], rows: Awaited<ReturnType<ReturnType<typeof listRows>["execute"]>>) {
  const lists = new Map(userIds.map((id) => [id, [] as OrganizationListItem[]]));
  for (const r of rows) {
    lists.get(r.userId)?.push({
      id: r.id,
      name: r.name,
      slug: r.slug,
      logo: r.logo,
      metadata: parseMetadata(r.metadata),
      createdAt: isoDate(r.createdAt),
      // Listed even to a member who lacks the two-factor it requires (every other call of it is then a 403).
      requireTwoFactor: Boolean(r.requireTwoFactor),
      role: r.role,
    });
  }
  return lists;
}

/** One organization of a user's list (the Fits check below pins it to the contract's OrganizationSummary). */
interface OrganizationListItem {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  requireTwoFactor: boolean;
  role: string;
}

export interface MemberQuery extends Page {
  search?: string;
  sortBy?: (typeof MEMBER_SORTS)[number];
  sortDirection?: "asc" | "desc";
  /** Owners: each row says whether the member has two-factor or a passkey (`twoFactor`). */
  withTwoFactor?: boolean;
  /** Owners: only the members without either. */
  withoutTwoFactorOnly?: boolean;
  /** Only the members who are not in this team (of the organization): whom a team's picker may add. */
  notInTeam?: string;
}

/** One page of an organization's members with their user, searched by name or email; oldest first by default. */
export async function membersPage(db: Db, organizationId: string, q: MemberQuery) {
  let base = db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .where("member.organizationId", "=", organizationId);
  if (q.search) {
    const pattern = containsPattern(q.search);
    base = base.where((eb) =>
      eb.or([lowerContains("user.name", pattern), lowerContains("user.email", pattern)]),
    );
  }
  if (q.withoutTwoFactorOnly) base = base.where(strongSignInFlag(), "=", 0);
  const { notInTeam } = q;
  if (notInTeam) {
    base = base.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("teamMember")
            .select("teamMember.id")
            .where("teamMember.teamId", "=", notInTeam)
            .whereRef("teamMember.userId", "=", "member.userId"),
        ),
      ),
    );
  }
  const direction = q.sortDirection ?? "asc";
  // Join order by default: the (organizationId, createdAt, id) index serves a page of it without reading
  // the rest of the organization, so a page of a 10 000-member organization costs what one of 10 does.
  // Other orders sort every matching member.
  const sortColumn =
    q.sortBy === "email"
      ? "user.email"
      : q.sortBy === "role"
        ? "member.role"
        : q.sortBy === "name"
          ? "user.name"
          : "member.createdAt";
  const [rows, count] = await pageAndCount(
    base
      .select([
        "member.id",
        "member.organizationId",
        "member.userId",
        "member.role",
        "member.createdAt",
        "user.name",
        "user.email",
        "user.image",
        (q.withTwoFactor ? strongSignInFlag() : sql<number | null>`null`).as("twoFactor"),
      ])
      .orderBy(sortColumn, direction)
      .orderBy("member.id", direction),
    q,
    q.search || q.withoutTwoFactorOnly || notInTeam ? countRows(base) : memberCount(db, organizationId),
  );
  return {
    members: rows.map((r) => ({
      id: r.id,
      organizationId: r.organizationId,
      userId: r.userId,
      role: r.role,
      createdAt: toDate(r.createdAt),
      user: { id: r.userId, name: r.name, email: r.email, image: r.image },
      ...(q.withTwoFactor ? { twoFactor: Number(r.twoFactor) === 1 } : {}),
    })),
    total: count,
    limit: q.limit,
    offset: q.offset,
  };
}

export async function teamsPage(db: Db, organizationId: string, page: Page) {
  const base = db.selectFrom("team").where("team.organizationId", "=", organizationId);
  const [rows, count] = await pageAndCount(
    base
      .select((eb) => [
        "team.id",
        "team.name",
        "team.organizationId",
        "team.createdAt",
        "team.updatedAt",
        eb
          .selectFrom("teamMember")
          .whereRef("teamMember.teamId", "=", "team.id")
          .select((e) => e.fn.countAll<number | string>().as("n"))
          .as("memberCount"),
      ])
      .orderBy("team.name")
      .orderBy("team.id"),
    page,
    countRows(base),
  );
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: toDate(r.createdAt),
      updatedAt: toDate(r.updatedAt),
      memberCount: Number(r.memberCount ?? 0),
    })),
    total: count,
  };
}

export async function teamMembersPage(db: Db, teamId: string, page: Page) {
  const base = db
    .selectFrom("teamMember")
    .innerJoin("user", "user.id", "teamMember.userId")
    .where("teamMember.teamId", "=", teamId);
  const [rows, count] = await pageAndCount(
    base
      .select([
        "teamMember.id",
        "teamMember.teamId",
        "teamMember.userId",
        "teamMember.createdAt",
        "user.name",
        "user.email",
        "user.image",
      ])
      .orderBy("user.name")
      .orderBy("teamMember.id"),
    page,
    countRows(base),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      teamId: r.teamId,
      userId: r.userId,
      createdAt: toDate(r.createdAt),
      user: { id: r.userId, name: r.name, email: r.email, image: r.image },
    })),
    total: count,
  };
}

/**
 * get-full-organization: the organization with the first page of its members, teams and pending invitations,
 * and their totals. `inviterRole` is the viewer's role when they may invite, null when invitations stay hidden.
 */
export async function fullOrganization(
  db: Db,
  organization: OrganizationRow,
  page: Page,
  inviterRole: string | null,
) {
  const [members, teams, invitations, owners] = await Promise.all([
    membersPage(db, organization.id, page),
    teamsPage(db, organization.id, page),
    inviterRole !== null
      ? invitationsPage(db, organization.id, { ...page, status: "pending", viewerRole: inviterRole })
      : { items: [], total: 0 },
    countRows(
      db
        .selectFrom("member")
        .where("organizationId", "=", organization.id)
        .where(hasRoleSql("member.role", "owner")),
    ),
  ]);
  return {
    ...organizationJson(organization),
    members: members.members,
    memberCount: members.total,
    ownerCount: owners,
    invitations: invitations.items,
    invitationCount: invitations.total,
    teams: teams.items,
    teamCount: teams.total,
  };
}

/** Compile-time only: each answer, as JSON carries it, is what #shared/contracts/organizations.ts promises the web. */
export type ListContracts = [
  Fits<Wire<Awaited<ReturnType<typeof organizationsOfUser>>>, OrganizationSummary[]>,
  Fits<Wire<Awaited<ReturnType<typeof membersPage>>>, MembersPage>,
  Fits<Wire<Awaited<ReturnType<typeof teamsPage>>["items"]>, TeamRow[]>,
  Fits<Wire<Awaited<ReturnType<typeof teamMembersPage>>["items"]>, TeamMemberRow[]>,
  Fits<Wire<Awaited<ReturnType<typeof fullOrganization>>>, FullOrganization>,
];
