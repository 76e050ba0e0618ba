import { APIError, getSessionFromCtx } from "better-auth/api";
import { z } from "zod";
import { eventSourceOf } from "#server/auth/event-source.ts";
import { defineOverride } from "#server/auth/overrides.ts";
import type { Db } from "#server/db/tables.ts";
import { recordEvent } from "#server/events/record.ts";

/** The plugin's own "no such consent" answer, for a missing grant and for another person's alike. */
const NO_CONSENT = { error: "not_found", error_description: "no consent" };

/**
 * POST /oauth2/delete-consent (replace): revoking an app's access takes its tokens with it. The stock
 * endpoint deletes only the consent row, so the app's refresh token would go on minting access tokens.
 * Here the consent, every access token and every refresh token the app holds for this person go in one
 * transaction: the next refresh is refused (invalid_grant) and introspection answers inactive.
 * Someone else's grant is answered like a missing one (404), so ids reveal nothing.
 */
export function revokeGrantOverride(db: Db) {
  return defineOverride({
    path: "/oauth2/delete-consent",
    mode: "replace",
    body: z.object({ id: z.string().min(1, "id is required").max(200) }),
    handler: async (ctx, { body }) => {
      const session = await getSessionFromCtx(ctx);
      if (!session) throw APIError.fromStatus("UNAUTHORIZED");
      const userId = session.user.id;
      const consent = await db
        .selectFrom("oauthConsent")
        .select(["id", "clientId", "userId"])
        .where("id", "=", body.id)
        .executeTakeFirst();
      if (!consent || consent.userId !== userId) throw APIError.fromStatus("NOT_FOUND", NO_CONSENT);
      const app = await db
        .selectFrom("oauthClient")
        .select("name")
        .where("clientId", "=", consent.clientId)
        .executeTakeFirst();
      await db.transaction().execute(async (trx) => {
        const ofGrant = { clientId: consent.clientId, userId };
        await trx
          .deleteFrom("oauthAccessToken")
          .where("clientId", "=", ofGrant.clientId)
          .where("userId", "=", ofGrant.userId)
          .execute();
        await trx
          .deleteFrom("oauthRefreshToken")
          .where("clientId", "=", ofGrant.clientId)
          .where("userId", "=", ofGrant.userId)
          .execute();
        await trx.deleteFrom("oauthConsent").where("id", "=", consent.id).execute();
        // The audit event and its webhook commit with the revocation, or neither does (decision 30).
        await recordEvent(trx, {
          ...eventSourceOf(ctx, session),
          action: "user.app_access_revoked",
          target: { type: "application", id: consent.clientId, label: app?.name ?? null },
          details: { consentId: consent.id },
          data: { clientId: consent.clientId, userId, consentId: consent.id },
        });
      });
      return ctx.json({ success: true });
    },
  });
}
