import { z } from "zod";
import { roleNameSchema } from "#shared/custom-roles.ts";
import { ORGANIZATION_ROLE_NAMES } from "#shared/permissions.ts";

/** How long a link may live: one hour to thirty days (issue 18), in seconds. */
export const INVITE_LINK_EXPIRY = { min: 3600, max: 30 * 24 * 3600 } as const;
/** The most uses a link may allow; without maxUses it has no limit but its expiry and the membership limit. */
export const INVITE_LINK_MAX_USES = 1000;
/** Length of the URL-safe token of a link (32 random bytes, base64url). */
export const INVITE_LINK_TOKEN_LENGTH = 43;

export const inviteLinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: "not an invite link token" })
  .meta({ description: "The secret of the link, the last segment of its URL" });

/** POST /organization/create-invite-link. */
export const createInviteLinkBody = z.object({
  organizationId: z.string().min(1).max(200).optional(),
  /** A built-in role or one of the organization's own (decision 35). */
  role: z.union([z.enum(ORGANIZATION_ROLE_NAMES as [string, ...string[]]), roleNameSchema]),
  teamId: z.string().min(1).max(200).optional(),
  expiresIn: z
    .number()
    .int({ message: "expiresIn is whole seconds" })
    .min(INVITE_LINK_EXPIRY.min, { message: "A link lives at least one hour" })
    .max(INVITE_LINK_EXPIRY.max, { message: "A link lives at most 30 days" }),
  maxUses: z
    .number()
    .int({ message: "maxUses is a whole number" })
    .min(1, { message: "maxUses is at least 1" })
    .max(INVITE_LINK_MAX_USES, { message: `maxUses is at most ${INVITE_LINK_MAX_USES}` })
    .optional(),
});
export type CreateInviteLinkBody = z.infer<typeof createInviteLinkBody>;

export const listInviteLinksQuery = z.object({ organizationId: z.string().min(1).max(200).optional() });
export const revokeInviteLinkBody = z.object({ linkId: z.string().min(1).max(200) });
export const inviteLinkTokenBody = z.object({ token: inviteLinkToken });

/** What becomes of a link: usable, or why not. */
export const inviteLinkState = z.enum(["active", "expired", "used_up", "revoked"]);
export type InviteLinkState = z.infer<typeof inviteLinkState>;

/** A link as its organization's owners and admins see it (never its token, which only the creator saw once). */
export const inviteLink = z.object({
  id: z.string(),
  organizationId: z.string(),
  role: z.string(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  /** ISO 8601. */
  expiresAt: z.string(),
  maxUses: z.number().nullable(),
  uses: z.number(),
  state: inviteLinkState,
  createdBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type InviteLink = z.infer<typeof inviteLink>;

/** The answer of create-invite-link: the link and its URL, shown this once. */
export const createdInviteLink = z.object({ link: inviteLink, url: z.string() });
export type CreatedInviteLink = z.infer<typeof createdInviteLink>;

export const inviteLinkList = z.object({ links: z.array(inviteLink) });
export type InviteLinkList = z.infer<typeof inviteLinkList>;

/** GET /organization/invite-link-preview?token=: what whoever holds the link may know before joining. */
export const inviteLinkPreview = z.object({
  state: inviteLinkState,
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string(), logo: z.string().nullable() }),
  role: z.string(),
  teamName: z.string().nullable(),
  expiresAt: z.string(),
  /** The organization requires two-factor or a passkey of its members. */
  requireTwoFactor: z.boolean(),
  /** The signed-in visitor is already a member (false when signed out). */
  alreadyMember: z.boolean(),
});
export type InviteLinkPreview = z.infer<typeof inviteLinkPreview>;

/** POST /organization/join-invite-link: the new membership. */
export const joinedByLink = z.object({
  member: z.object({
    id: z.string(),
    organizationId: z.string(),
    userId: z.string(),
    role: z.string(),
    createdAt: z.string(),
  }),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
});
export type JoinedByLink = z.infer<typeof joinedByLink>;
