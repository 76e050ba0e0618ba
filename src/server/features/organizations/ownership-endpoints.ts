import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx } from "better-auth/api";
import { z } from "zod";
import { eventSourceOf } from "#server/auth/event-source.ts";
import type { HookContext } from "#server/auth/overrides.ts";
import { hasStrongSignIn, ORGANIZATION_TWO_FACTOR_MESSAGE } from "#server/auth/two-factor-compliance.ts";
import type { Db } from "#server/db/tables.ts";
import { findMembership, isOwner } from "#server/features/organizations/access.ts";
import { ORGANIZATION_MESSAGES } from "#server/features/organizations/messages.ts";
import {
  acceptOffer,
  OWNERSHIP_MESSAGES,
  offerJson,
  offerOwnership,
  openOffer,
  withdrawOffer,
} from "#server/features/organizations/ownership.ts";
import { mailLocale } from "#server/mail/i18n.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { ownershipOfferMail } from "#server/mail/ownership-mail.ts";

export interface OwnershipTransferOptions {
  db: Db;
  mailer: Mailer;
  appName: string;
  baseURL: string;
}

const organizationId = z.string().min(1).max(200).optional();

type Ctx = Parameters<typeof getSessionFromCtx>[0];

async function signedIn(ctx: Ctx) {
  const session = await getSessionFromCtx(ctx);
  if (!session) throw APIError.fromStatus("UNAUTHORIZED");
  return session;
}

/** The caller's membership in the named (or active) organization, or 403. */
async function membershipOf(db: Db, ctx: Ctx, named: string | undefined) {
  const session = await signedIn(ctx);
  const id = named ?? (session.session.activeOrganizationId as string | null | undefined);
  const member = id ? await findMembership(db, id, session.user.id) : undefined;
  if (!member) throw APIError.from("FORBIDDEN", ORGANIZATION_MESSAGES.notAMember);
  return { session, member };
}

/**
 * Ownership transfer's endpoints (issue 18, decision 35), beside better-auth's organization paths:
 * offer (owners), withdraw (owners), read the open offer (owners and its recipient), accept (its recipient,
 * with the mailed link's token or, in the app, the offer's id).
 */
export function ownershipTransfer({ db, mailer, appName, baseURL }: OwnershipTransferOptions) {
  const source = (ctx: Ctx, session: Awaited<ReturnType<typeof signedIn>>) =>
    eventSourceOf(ctx as unknown as HookContext, session);
  return {
    id: "gatehouse-ownership-transfer",
    endpoints: {
      offerOwnership: createAuthEndpoint(
        "/organization/offer-ownership",
        {
          method: "POST",
          body: z.object({
            organizationId,
            memberId: z.string().min(1).max(200),
            keepOwner: z.boolean().optional(),
          }),
          metadata: {
            openapi: {
              description:
                "Owners only: offer ownership to another member, mailed a single-use link valid 7 days; replaces the open offer. Nothing changes until accepted.",
            },
          },
        },
        async (ctx) => {
          const { session, member } = await membershipOf(db, ctx, ctx.body.organizationId);
          if (!isOwner(member.role)) throw APIError.from("FORBIDDEN", OWNERSHIP_MESSAGES.ownersOnly);
          const recipient = await db
            .selectFrom("member")
            .innerJoin("user", "user.id", "member.userId")
            .innerJoin("organization", "organization.id", "member.organizationId")
            .select([
              "member.userId",
              "member.role",
              "user.email",
              "user.locale",
              "organization.name as organizationName",
            ])
            .where("member.id", "=", ctx.body.memberId)
            .where("member.organizationId", "=", member.organizationId)
            .executeTakeFirst();
          if (!recipient) throw APIError.from("BAD_REQUEST", ORGANIZATION_MESSAGES.memberNotFound);
          if (isOwner(recipient.role)) throw APIError.from("BAD_REQUEST", OWNERSHIP_MESSAGES.alreadyOwner);
          const keepOwner = ctx.body.keepOwner ?? false;
          const { offer, token } = await offerOwnership(db, source(ctx, session), {
            organizationId: member.organizationId,
            fromUserId: session.user.id,
            toUserId: recipient.userId,
            toEmail: recipient.email,
            keepOwner,
          });
          await mailer.sendMail(
            recipient.email,
            ownershipOfferMail({
              locale: mailLocale(mailer.languages, { user: recipient, request: ctx.request ?? ctx.headers }),
              appName,
              ownerName: session.user.name,
              organizationName: recipient.organizationName,
              keepOwner,
              url: `${baseURL}/ownership/accept?token=${encodeURIComponent(token)}`,
            }),
          );
          return ctx.json(offerJson(offer));
        },
      ),
      withdrawOwnershipOffer: createAuthEndpoint(
        "/organization/withdraw-ownership-offer",
        {
          method: "POST",
          body: z.object({ organizationId }),
          metadata: {
            openapi: { description: "Owners only: withdraw the organization's open ownership offer." },
          },
        },
        async (ctx) => {
          const { session, member } = await membershipOf(db, ctx, ctx.body.organizationId);
          if (!isOwner(member.role)) throw APIError.from("FORBIDDEN", OWNERSHIP_MESSAGES.ownersOnly);
          const offer = await withdrawOffer(db, source(ctx, session), member.organizationId);
          return ctx.json(offerJson({ ...offer, status: "withdrawn" }));
        },
      ),
      getOwnershipOffer: createAuthEndpoint(
        "/organization/ownership-offer",
        {
          method: "GET",
          query: z.object({ organizationId }).optional(),
          metadata: {
            openapi: {
              description:
                "The organization's open ownership offer, for owners and its recipient; else null.",
            },
          },
        },
        async (ctx) => {
          const { member } = await membershipOf(db, ctx, ctx.query?.organizationId);
          const offer = await openOffer(db, member.organizationId);
          const visible = offer && (isOwner(member.role) || offer.toUserId === member.userId);
          return ctx.json(visible ? offerJson(offer) : null);
        },
      ),
      acceptOwnership: createAuthEndpoint(
        "/organization/accept-ownership",
        {
          method: "POST",
          body: z.union([
            z.object({ token: z.string().min(20).max(200) }),
            z.object({ offerId: z.string().min(1).max(200) }),
          ]),
          metadata: {
            openapi: {
              description:
                "The recipient accepts an ownership offer, by the mailed link's token or the offer's id: they become an owner, the offering owner an admin unless they chose to stay owner. Accepted once.",
            },
          },
        },
        async (ctx) => {
          const session = await signedIn(ctx);
          const by = "token" in ctx.body ? { token: ctx.body.token } : { offerId: ctx.body.offerId };
          const accepted = await acceptOffer(db, source(ctx, session), session.user.id, by, (orgId) =>
            assertTwoFactorPolicy(db, orgId, session.user.id),
          );
          return ctx.json(offerJson(accepted));
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** The organization's two-factor policy (decision 29) holds for its new owner as for every member. */
async function assertTwoFactorPolicy(db: Db, organizationId: string, userId: string) {
  const org = await db
    .selectFrom("organization")
    .select("requireTwoFactor")
    .where("id", "=", organizationId)
    .executeTakeFirst();
  if (org?.requireTwoFactor && !(await hasStrongSignIn(db, userId))) {
    throw APIError.from("FORBIDDEN", ORGANIZATION_TWO_FACTOR_MESSAGE);
  }
}
