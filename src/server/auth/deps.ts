import type { BetterAuthPlugin, SecondaryStorage } from "better-auth";
import type { OverrideObserver } from "#server/auth/overrides.ts";
import type { PasswordHasher } from "#server/auth/password-hashing.ts";
import type { Config } from "#server/boot/config.ts";
import type { Logger } from "#server/boot/logger.ts";
import type { Db } from "#server/db/tables.ts";
import type { Mailer } from "#server/mail/mailer.ts";

/**
 * What the features (src/server/features) add to the one better-auth instance. Built by boot/server.ts,
 * the composition root, so that this layer never imports a feature.
 */
export interface AuthFeatures {
  /** Our better-auth plugins, after the stock organization and admin ones. */
  plugins: BetterAuthPlugin[];
  /** Refuses (with an APIError) deleting a user who must not go yet: an organization's only owner. */
  assertUserCanBeDeleted: (userId: string) => Promise<void>;
  /** Told of the answers overrides give themselves (the audit log reads them like after-hooks'). */
  onOverrideAnswer?: OverrideObserver;
  /**
   * Runs inside the transaction that writes a new invitation and queues its mail (better-auth's invite-member,
   * patched): what it writes (the audit event) commits with them or not at all.
   */
  invitationCreated?: (invitation: Record<string, unknown> & { id: string }) => Promise<void>;
  /** Runs after a user row is created or updated (ADMIN_EMAILS promotion). */
  afterUserWrite: (user: {
    id: string;
    email: string;
    emailVerified: boolean;
    role?: string | null;
  }) => Promise<void>;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  dbKind: "sqlite" | "postgres";
  mailer: Mailer;
  logger: Logger;
  /** Redis, when REDIS_URL is set. */
  secondaryStorage?: SecondaryStorage;
  /** Password hashing off the event loop (password-hashing.ts). */
  passwords: PasswordHasher;
  features: AuthFeatures;
}
