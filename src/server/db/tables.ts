import type { Kysely } from "kysely";
import type { InvitationStatus } from "#shared/contracts/organizations.ts";

/** SQLite hands dates back as text, PostgreSQL as Date. */
export type DateValue = Date | string;

/**
 * The one table type of Gatehouse's database: the columns of better-auth's tables that our code reads or
 * writes directly, and our own tables. better-auth itself is handed the same Kysely instance.
 */
export interface Tables {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean | number;
    image: string | null;
    role: string | null;
  };
  session: {
    id: string;
    token: string;
    userId: string;
    activeOrganizationId: string | null;
    activeTeamId: string | null;
  };
  account: { id: string; userId: string; providerId: string; accountId: string; createdAt: DateValue };
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
    /** Required by better-auth's organization schema, as the status is one of its four. */
    role: string;
    teamId: string | null;
    status: InvitationStatus;
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
  /** Mails kept in the database when no SMTP server is configured (mail/mailer.ts). */
  outbox: { id: string; to: string; subject: string; text: string; html: string; createdAt: string };
  /** Mails waiting for delivery, and those that failed for good (mail/queue.ts). */
  mail_queue: {
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    state: string;
    attempts: number;
    nextAttemptAt: string;
    lastError: string | null;
    createdAt: string;
  };
  /** The Redis session cache's generation (cache-generation.ts). */
  gatehouse_cache_generation: { id: number; generation: number };
  /** Organizations being deleted inside the deleting transaction (features/organizations/constraints.ts). */
  gatehouse_organization_deletion: { organizationId: string };
  /** Each organization's member count, kept by triggers (features/organizations/member-count.ts). */
  gatehouse_member_count: { organizationId: string; members: number };
}

export type Db = Kysely<Tables>;
