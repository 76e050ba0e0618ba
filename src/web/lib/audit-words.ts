import { AUDIT_ACTION_NAMES, type AuditAction, type AuditTargetType } from "#shared/audit.ts";
import type { AuditEvent } from "#shared/contracts/audit.ts";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/**
 * The audit log in plain words: each action as a phrase after its actor ("Ada changed a member's roles"), the
 * families the filters group actions by, and the labels of targets. Each action's explanation (the words of
 * src/shared/audit.ts, translated) stands beside it in the filters. Tables of message ids, turned into words
 * in the current language when called (issue 21).
 */
const PHRASES: Record<AuditAction, MessageId> = {
  "user.created": "audit.phrase.userCreated",
  "user.updated": "audit.phrase.userUpdated",
  "user.signed_in": "audit.phrase.userSignedIn",
  "user.signed_out": "audit.phrase.userSignedOut",
  "session.revoked": "audit.phrase.sessionRevoked",
  "user.password_changed": "audit.phrase.userPasswordChanged",
  "user.password_reset": "audit.phrase.userPasswordReset",
  "user.email_change_requested": "audit.phrase.userEmailChangeRequested",
  "user.email_changed": "audit.phrase.userEmailChanged",
  "user.email_verified": "audit.phrase.userEmailVerified",
  "user.two_factor_enabled": "audit.phrase.userTwoFactorEnabled",
  "user.two_factor_disabled": "audit.phrase.userTwoFactorDisabled",
  "user.backup_codes_regenerated": "audit.phrase.userBackupCodesRegenerated",
  "user.passkey_added": "audit.phrase.userPasskeyAdded",
  "user.passkey_renamed": "audit.phrase.userPasskeyRenamed",
  "user.passkey_removed": "audit.phrase.userPasskeyRemoved",
  "user.account_linked": "audit.phrase.userAccountLinked",
  "user.account_unlinked": "audit.phrase.userAccountUnlinked",
  "user.app_access_revoked": "audit.phrase.userAppAccessRevoked",
  "user.deleted": "audit.phrase.userDeleted",
  "organization.created": "audit.phrase.organizationCreated",
  "organization.updated": "audit.phrase.organizationUpdated",
  "organization.deleted": "audit.phrase.organizationDeleted",
  "member.added": "audit.phrase.memberAdded",
  "member.removed": "audit.phrase.memberRemoved",
  "member.left": "audit.phrase.memberLeft",
  "member.role_changed": "audit.phrase.memberRoleChanged",
  "invitation.created": "audit.phrase.invitationCreated",
  "invitation.resent": "audit.phrase.invitationResent",
  "invitation.cancelled": "audit.phrase.invitationCancelled",
  "invitation.accepted": "audit.phrase.invitationAccepted",
  "invitation.rejected": "audit.phrase.invitationRejected",
  "invitation.bulk_sent": "audit.phrase.invitationBulkSent",
  "team.created": "audit.phrase.teamCreated",
  "team.updated": "audit.phrase.teamUpdated",
  "team.deleted": "audit.phrase.teamDeleted",
  "team_member.added": "audit.phrase.teamMemberAdded",
  "team_member.removed": "audit.phrase.teamMemberRemoved",
  "api_key.created": "audit.phrase.apiKeyCreated",
  "api_key.deleted": "audit.phrase.apiKeyDeleted",
  "role.created": "audit.phrase.roleCreated",
  "role.updated": "audit.phrase.roleUpdated",
  "role.deleted": "audit.phrase.roleDeleted",
  "ownership.offered": "audit.phrase.ownershipOffered",
  "ownership.withdrawn": "audit.phrase.ownershipWithdrawn",
  "ownership.accepted": "audit.phrase.ownershipAccepted",
  "user.banned": "audit.phrase.userBanned",
  "user.unbanned": "audit.phrase.userUnbanned",
  "user.role_changed": "audit.phrase.userRoleChanged",
  "user.two_factor_reset": "audit.phrase.userTwoFactorReset",
  "impersonation.started": "audit.phrase.impersonationStarted",
  "impersonation.stopped": "audit.phrase.impersonationStopped",
  "invite_link.created": "audit.phrase.inviteLinkCreated",
  "invite_link.revoked": "audit.phrase.inviteLinkRevoked",
  "webhook.created": "audit.phrase.webhookCreated",
  "webhook.updated": "audit.phrase.webhookUpdated",
  "webhook.deleted": "audit.phrase.webhookDeleted",
  "webhook.secret_rotated": "audit.phrase.webhookSecretRotated",
  "domain.added": "audit.phrase.domainAdded",
  "domain.verified": "audit.phrase.domainVerified",
  "domain.updated": "audit.phrase.domainUpdated",
  "domain.removed": "audit.phrase.domainRemoved",
  "join_request.created": "audit.phrase.joinRequestCreated",
  "join_request.approved": "audit.phrase.joinRequestApproved",
  "join_request.declined": "audit.phrase.joinRequestDeclined",
  "sso_connection.created": "audit.phrase.ssoConnectionCreated",
  "sso_connection.updated": "audit.phrase.ssoConnectionUpdated",
  "sso_connection.deleted": "audit.phrase.ssoConnectionDeleted",
  "scim_connection.created": "audit.phrase.scimConnectionCreated",
  "scim_connection.updated": "audit.phrase.scimConnectionUpdated",
  "scim_connection.token_rotated": "audit.phrase.scimConnectionTokenRotated",
  "scim_connection.deleted": "audit.phrase.scimConnectionDeleted",
  "user.provisioned": "audit.phrase.userProvisioned",
  "user.deprovisioned": "audit.phrase.userDeprovisioned",
};

/** What each action records, shown beside it in the filters and the webhook event list. */
const DESCRIPTIONS: Record<AuditAction, MessageId> = {
  "user.created": "audit.action.userCreated",
  "user.updated": "audit.action.userUpdated",
  "user.signed_in": "audit.action.userSignedIn",
  "user.signed_out": "audit.action.userSignedOut",
  "session.revoked": "audit.action.sessionRevoked",
  "user.password_changed": "audit.action.userPasswordChanged",
  "user.password_reset": "audit.action.userPasswordReset",
  "user.email_change_requested": "audit.action.userEmailChangeRequested",
  "user.email_changed": "audit.action.userEmailChanged",
  "user.email_verified": "audit.action.userEmailVerified",
  "user.two_factor_enabled": "audit.action.userTwoFactorEnabled",
  "user.two_factor_disabled": "audit.action.userTwoFactorDisabled",
  "user.backup_codes_regenerated": "audit.action.userBackupCodesRegenerated",
  "user.passkey_added": "audit.action.userPasskeyAdded",
  "user.passkey_renamed": "audit.action.userPasskeyRenamed",
  "user.passkey_removed": "audit.action.userPasskeyRemoved",
  "user.account_linked": "audit.action.userAccountLinked",
  "user.account_unlinked": "audit.action.userAccountUnlinked",
  "user.app_access_revoked": "audit.action.userAppAccessRevoked",
  "user.deleted": "audit.action.userDeleted",
  "organization.created": "audit.action.organizationCreated",
  "organization.updated": "audit.action.organizationUpdated",
  "organization.deleted": "audit.action.organizationDeleted",
  "member.added": "audit.action.memberAdded",
  "member.removed": "audit.action.memberRemoved",
  "member.left": "audit.action.memberLeft",
  "member.role_changed": "audit.action.memberRoleChanged",
  "invitation.created": "audit.action.invitationCreated",
  "invitation.resent": "audit.action.invitationResent",
  "invitation.cancelled": "audit.action.invitationCancelled",
  "invitation.accepted": "audit.action.invitationAccepted",
  "invitation.rejected": "audit.action.invitationRejected",
  "invitation.bulk_sent": "audit.action.invitationBulkSent",
  "team.created": "audit.action.teamCreated",
  "team.updated": "audit.action.teamUpdated",
  "team.deleted": "audit.action.teamDeleted",
  "team_member.added": "audit.action.teamMemberAdded",
  "team_member.removed": "audit.action.teamMemberRemoved",
  "api_key.created": "audit.action.apiKeyCreated",
  "api_key.deleted": "audit.action.apiKeyDeleted",
  "role.created": "audit.action.roleCreated",
  "role.updated": "audit.action.roleUpdated",
  "role.deleted": "audit.action.roleDeleted",
  "ownership.offered": "audit.action.ownershipOffered",
  "ownership.withdrawn": "audit.action.ownershipWithdrawn",
  "ownership.accepted": "audit.action.ownershipAccepted",
  "user.banned": "audit.action.userBanned",
  "user.unbanned": "audit.action.userUnbanned",
  "user.role_changed": "audit.action.userRoleChanged",
  "user.two_factor_reset": "audit.action.userTwoFactorReset",
  "impersonation.started": "audit.action.impersonationStarted",
  "impersonation.stopped": "audit.action.impersonationStopped",
  "invite_link.created": "audit.action.inviteLinkCreated",
  "invite_link.revoked": "audit.action.inviteLinkRevoked",
  "webhook.created": "audit.action.webhookCreated",
  "webhook.updated": "audit.action.webhookUpdated",
  "webhook.deleted": "audit.action.webhookDeleted",
  "webhook.secret_rotated": "audit.action.webhookSecretRotated",
  "domain.added": "audit.action.domainAdded",
  "domain.verified": "audit.action.domainVerified",
  "domain.updated": "audit.action.domainUpdated",
  "domain.removed": "audit.action.domainRemoved",
  "join_request.created": "audit.action.joinRequestCreated",
  "join_request.approved": "audit.action.joinRequestApproved",
  "join_request.declined": "audit.action.joinRequestDeclined",
  "sso_connection.created": "audit.action.ssoConnectionCreated",
  "sso_connection.updated": "audit.action.ssoConnectionUpdated",
  "sso_connection.deleted": "audit.action.ssoConnectionDeleted",
  "scim_connection.created": "audit.action.scimConnectionCreated",
  "scim_connection.updated": "audit.action.scimConnectionUpdated",
  "scim_connection.token_rotated": "audit.action.scimConnectionTokenRotated",
  "scim_connection.deleted": "audit.action.scimConnectionDeleted",
  "user.provisioned": "audit.action.userProvisioned",
  "user.deprovisioned": "audit.action.userDeprovisioned",
};

/** The families of actions, as the filters group them: the part of the name before its dot. */
const FAMILY_NAMES = {
  user: "audit.family.user",
  session: "audit.family.session",
  organization: "audit.family.organization",
  member: "audit.family.member",
  invitation: "audit.family.invitation",
  team: "audit.family.team",
  team_member: "audit.family.teamMember",
  api_key: "audit.family.apiKey",
  impersonation: "audit.family.impersonation",
  webhook: "audit.family.webhook",
  // Invite links (issue 18).
  invite_link: "audit.family.inviteLink",
  domain: "audit.family.domain",
  join_request: "audit.family.joinRequest",
  role: "audit.family.role",
  ownership: "audit.family.ownership",
  // Single sign-on and SCIM (issue 19).
  sso_connection: "audit.family.ssoConnection",
  scim_connection: "audit.family.scimConnection",
} as const satisfies Record<string, MessageId>;

/** Every family's name and its "any of" choice. */
const ANY_OF: Record<keyof typeof FAMILY_NAMES, MessageId> = {
  user: "audit.anyOf.user",
  session: "audit.anyOf.session",
  organization: "audit.anyOf.organization",
  member: "audit.anyOf.member",
  invitation: "audit.anyOf.invitation",
  team: "audit.anyOf.team",
  team_member: "audit.anyOf.teamMember",
  api_key: "audit.anyOf.apiKey",
  impersonation: "audit.anyOf.impersonation",
  webhook: "audit.anyOf.webhook",
  invite_link: "audit.anyOf.inviteLink",
  domain: "audit.anyOf.domain",
  join_request: "audit.anyOf.joinRequest",
  role: "audit.anyOf.role",
  ownership: "audit.anyOf.ownership",
  sso_connection: "audit.anyOf.ssoConnection",
  scim_connection: "audit.anyOf.scimConnection",
};

export type AuditFamily = keyof typeof FAMILY_NAMES;
/** Every family, in the order the filters show them. */
export const AUDIT_FAMILIES = Object.keys(FAMILY_NAMES) as AuditFamily[];

/** A family's name in the current language: "Members". */
export function familyName(family: AuditFamily): string {
  return t(FAMILY_NAMES[family]);
}

/** The families an organization's log holds (its members' account events are not its business). */
export const ORGANIZATION_FAMILIES: AuditFamily[] = [
  "organization",
  "member",
  "invitation",
  "team",
  "team_member",
  "api_key",
  "webhook",
  // Invite links (issue 18).
  "invite_link",
  "domain",
  "join_request",
  "role",
  "ownership",
  "sso_connection",
  "scim_connection",
];
/** The families of a person's own security activity. */
export const ACCOUNT_FAMILIES: AuditFamily[] = ["user", "session", "impersonation"];

function familyOf(action: string): string {
  return action.slice(0, action.indexOf("."));
}

function isFamily(value: string): value is AuditFamily {
  return Object.hasOwn(FAMILY_NAMES, value);
}

function isAction(value: string): value is AuditAction {
  return Object.hasOwn(DESCRIPTIONS, value);
}

/** What an action records, in the current language: "A member's roles changed". */
export function actionDescription(action: string): string {
  return isAction(action) ? t(DESCRIPTIONS[action]) : action;
}

/** The action filter's choices: per family "any of them" (`member.`), then each action with its description. */
export function actionChoices(families: readonly AuditFamily[] = AUDIT_FAMILIES) {
  return families.map((family) => ({
    group: familyName(family),
    items: [
      { value: `${family}.`, label: t(ANY_OF[family]) },
      ...AUDIT_ACTION_NAMES.filter((action) => familyOf(action) === family).map((action) => ({
        value: action,
        label: t(DESCRIPTIONS[action]),
      })),
    ],
  }));
}

/** The words of an action filter's value, for the chip that shows it is on. */
export function actionFilterLabel(value: string): string {
  if (value.endsWith(".")) {
    const family = value.slice(0, -1);
    return isFamily(family) ? t(ANY_OF[family]) : value;
  }
  return actionDescription(value);
}

/** What an event did, after its actor: "changed a member's roles"; a refused one says it was refused. */
export function eventPhrase(event: Pick<AuditEvent, "action" | "outcome">): string {
  const phrase = isAction(event.action) ? t(PHRASES[event.action]) : event.action;
  if (event.outcome === "success") return phrase;
  return event.action === "user.signed_in"
    ? t("audit.phrase.triedToSignIn")
    : t("audit.phrase.refused", { phrase });
}

const TARGET_LABELS: Record<AuditTargetType, MessageId> = {
  user: "audit.target.user",
  session: "audit.target.session",
  organization: "audit.target.organization",
  member: "audit.target.member",
  invitation: "audit.target.invitation",
  team: "audit.target.team",
  api_key: "audit.target.apiKey",
  passkey: "audit.target.passkey",
  account: "audit.target.account",
  webhook: "audit.target.webhook",
  application: "audit.target.application",
  // Invite links (issue 18).
  invite_link: "audit.target.inviteLink",
  domain: "audit.target.domain",
  join_request: "audit.target.joinRequest",
  role: "audit.target.role",
  ownership_offer: "audit.target.ownershipOffer",
  sso_connection: "audit.target.ssoConnection",
  scim_connection: "audit.target.scimConnection",
};

/** An event's target as a person reads it: its label as it was, else its kind and id. */
export function targetText(target: AuditEvent["target"]): string | null {
  if (!target) return null;
  return target.label ?? t("audit.target.withId", { kind: targetKind(target), id: target.id });
}

export function targetKind(target: NonNullable<AuditEvent["target"]>): string {
  return t(TARGET_LABELS[target.type]);
}

/** Who did it: a name, an email, or what acted without a person. */
export function actorText(actor: AuditEvent["actor"]): string {
  if (actor.name || actor.email) return actor.name || actor.email || "";
  if (actor.apiKeyId) return t("audit.actor.apiKey");
  if (actor.connectionId) return t("audit.actor.provisioning");
  return actor.userId ? t("audit.actor.deletedAccount") : t("audit.actor.gatehouse");
}

const METHODS: Record<string, MessageId> = {
  password: "audit.method.password",
  social: "audit.method.social",
  sso: "audit.method.sso",
  passkey: "audit.method.passkey",
  "email-code": "audit.method.emailCode",
  "magic-link": "audit.method.magicLink",
  "email-link": "audit.method.emailLink",
  "two-factor": "audit.method.twoFactor",
};

/** How a sign-in was made, from its `details.method` (and `provider`): "with a passkey", "with github". */
export function signInMethodText(details: AuditEvent["details"]): string {
  const { method, provider } = details;
  if (typeof provider === "string" && provider) return t("audit.method.named", { name: provider });
  if (typeof method !== "string") return "";
  const id = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  return id ? t(id) : t("audit.method.named", { name: method });
}

/** A refusal's badge: "Refused: invalid email or password" from the code INVALID_EMAIL_OR_PASSWORD. */
export function refusalText(errorCode: string | null): string {
  return errorCode
    ? t("audit.refused.withCode", { code: errorCode.toLowerCase().replaceAll("_", " ") })
    : t("audit.refused.plain");
}
