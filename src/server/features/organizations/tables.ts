import type { Kysely } from "kysely";

type DateValue = Date | string;

/** The columns of better-auth's organization tables that Gatehouse reads directly. */
export interface OrganizationTables {
  user: { id: string; name: string; email: string; image: string | null };
  session: {
    id: string;
    token: string;
    userId: string;
    activeOrganizationId: string | null;
    activeTeamId: string | null;
  };
  organization: {
    id: string;
    name: string;
    slug: string;
    logo: string | null;
    metadata: string | null;
    createdAt: DateValue;
  };
  member: { id: string; organizationId: string; userId: string; role: string; createdAt: DateValue };
  invitation: {
    id: string;
    organizationId: string;
    email: string;
    role: string | null;
    teamId: string | null;
    status: string;
    expiresAt: DateValue;
    createdAt: DateValue;
    inviterId: string;
  };
  team: {
    id: string;
    name: string;
    organizationId: string;
    memberCount: number;
    createdAt: DateValue;
    updatedAt: DateValue | null;
  };
  teamMember: { id: string; teamId: string; userId: string; createdAt: DateValue | null };
  gatehouse_organization_deletion: { organizationId: string };
}

export type OrganizationDb = Kysely<OrganizationTables>;

/** SQLite hands dates back as text, PostgreSQL as Date: answer both as Date (JSON: ISO 8601). */
export function toDate(value: DateValue): Date;
export function toDate(value: DateValue | null): Date | null;
export function toDate(value: DateValue | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
