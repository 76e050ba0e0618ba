import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, type AuditAction, type AuditTargetType } from "#shared/audit.ts";
import type { AuditEvent } from "#shared/contracts/audit.ts";

/**
 * The audit log in plain words: each action as a phrase after its actor ("Ada changed a member's roles"), the
 * families the filters group actions by, and the labels of targets. The catalogue's own descriptions
 * (src/shared/audit.ts) stay the explanation shown beside each action in the filters.
 */
const PHRASES: Record<AuditAction, string> = {
  "user.created": "created an account",
  "user.updated": "updated their profile",
  "user.signed_in": "signed in",
  "user.signed_out": "signed out",
  "session.revoked": "ended a session",
  "user.password_changed": "changed their password",
  "user.password_reset": "reset their password",
  "user.email_change_requested": "asked to change their email",
  "user.email_changed": "changed their email",
  "user.email_verified": "verified their email",
  "user.two_factor_enabled": "turned on two-factor",
  "user.two_factor_disabled": "turned off two-factor",
  "user.backup_codes_regenerated": "made new backup codes",
  "user.passkey_added": "added a passkey",
  "user.passkey_renamed": "renamed a passkey",
  "user.passkey_removed": "removed a passkey",
  "user.account_linked": "linked an account",
  "user.account_unlinked": "unlinked an account",
  "user.deleted": "deleted an account",
  "user.app_access_revoked": "revoked an app's access",
  "organization.created": "created the organization",
  "organization.updated": "changed the organization's settings",
  "organization.deleted": "deleted the organization",
  "member.added": "added a member",
  "member.removed": "removed a member",
  "member.left": "left the organization",
  "member.role_changed": "changed a member's roles",
  "invitation.created": "sent an invitation",
  "invitation.resent": "sent an invitation again",
  "invitation.cancelled": "cancelled an invitation",
  "invitation.accepted": "accepted an invitation",
  "invitation.rejected": "declined an invitation",
  // Bulk invitations (issue 18).
  "invitation.bulk_sent": "sent invitations from a list",
  "team.created": "created a team",
  "team.updated": "renamed a team",
  "team.deleted": "removed a team",
  "team_member.added": "added someone to a team",
  "team_member.removed": "took someone off a team",
  "api_key.created": "created an API key",
  "api_key.deleted": "revoked an API key",
  // Invite links (issue 18).
  "invite_link.created": "made an invite link",
  "invite_link.revoked": "revoked an invite link",
  "user.banned": "banned an account",
  "user.unbanned": "lifted a ban",
  "user.role_changed": "changed an account's role",
  "user.two_factor_reset": "reset an account's two-factor",
  "impersonation.started": "started acting as someone",
  "impersonation.stopped": "stopped acting as someone",
  "webhook.created": "added a webhook endpoint",
  "webhook.updated": "changed a webhook endpoint",
  "webhook.deleted": "deleted a webhook endpoint",
  "webhook.secret_rotated": "rotated a webhook's secret",
  // Verified domains and join requests (issue 18).
  "domain.added": "added a domain",
  "domain.verified": "verified a domain",
  "domain.updated": "changed how people at a domain join",
  "domain.removed": "removed a domain",
  "join_request.created": "asked to join",
  "join_request.approved": "approved a join request",
  "join_request.declined": "declined a join request",
  "sso_connection.created": "set up single sign-on",
  "sso_connection.updated": "changed single sign-on",
  "sso_connection.deleted": "removed single sign-on",
  "scim_connection.created": "created a SCIM connection",
  "scim_connection.updated": "changed a SCIM connection",
  "scim_connection.token_rotated": "replaced a SCIM token",
  "scim_connection.deleted": "removed a SCIM connection",
  "user.provisioned": "provisioned an account",
  "user.deprovisioned": "deprovisioned an account",
  // Custom roles and ownership transfer (issue 18).
  "role.created": "created a role",
  "role.updated": "changed a role",
  "role.deleted": "deleted a role",
  "ownership.offered": "offered ownership",
  "ownership.withdrawn": "withdrew an ownership offer",
  "ownership.accepted": "accepted ownership",
};

/** The families of actions, as the filters group them: the part of the name before its dot. */
export const AUDIT_FAMILIES = {
  user: "Accounts",
  session: "Sessions",
  organization: "Organization",
  member: "Members",
  invitation: "Invitations",
  team: "Teams",
  team_member: "Team members",
  api_key: "API keys",
  impersonation: "Impersonation",
  webhook: "Webhooks",
  // Invite links (issue 18).
  invite_link: "Invite links",
  domain: "Domains",
  join_request: "Join requests",
  role: "Roles",
  ownership: "Ownership",
  // Single sign-on and SCIM (issue 19).
  sso_connection: "Single sign-on",
  scim_connection: "SCIM provisioning",
} as const;
export type AuditFamily = keyof typeof AUDIT_FAMILIES;

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

/** The action filter's choices: per family "any of them" (`member.`), then each action with its description. */
export function actionChoices(
  families: readonly AuditFamily[] = Object.keys(AUDIT_FAMILIES) as AuditFamily[],
) {
  return families.map((family) => ({
    group: AUDIT_FAMILIES[family],
    items: [
      { value: `${family}.`, label: `Any of ${AUDIT_FAMILIES[family].toLowerCase()}` },
      ...AUDIT_ACTION_NAMES.filter((action) => familyOf(action) === family).map((action) => ({
        value: action,
        label: AUDIT_ACTIONS[action],
      })),
    ],
  }));
}

/** The words of an action filter's value, for the chip that shows it is on. */
export function actionFilterLabel(value: string): string {
  if (value.endsWith(".")) {
    const family = AUDIT_FAMILIES[value.slice(0, -1) as AuditFamily];
    return family ? `Any of ${family.toLowerCase()}` : value;
  }
  return AUDIT_ACTIONS[value as AuditAction] ?? value;
}

/** What an event did, after its actor: "changed a member's roles"; a refused one says it was refused. */
export function eventPhrase(event: Pick<AuditEvent, "action" | "outcome">): string {
  const phrase = PHRASES[event.action as AuditAction] ?? event.action;
  if (event.outcome === "success") return phrase;
  return event.action === "user.signed_in" ? "tried to sign in" : `was refused: ${phrase}`;
}

const TARGET_LABELS: Record<AuditTargetType, string> = {
  user: "Account",
  session: "Session",
  organization: "Organization",
  member: "Member",
  invitation: "Invitation",
  team: "Team",
  api_key: "API key",
  passkey: "Passkey",
  account: "Linked account",
  webhook: "Webhook",
  application: "App",
  // Invite links (issue 18).
  invite_link: "Invite link",
  domain: "Domain",
  join_request: "Join request",
  role: "Role",
  ownership_offer: "Ownership offer",
  sso_connection: "Single sign-on connection",
  scim_connection: "SCIM connection",
};

/** An event's target as a person reads it: its label as it was, else its kind and id. */
export function targetText(target: AuditEvent["target"]): string | null {
  if (!target) return null;
  return target.label ?? `${TARGET_LABELS[target.type]} ${target.id}`;
}

export function targetKind(target: NonNullable<AuditEvent["target"]>): string {
  return TARGET_LABELS[target.type];
}

/** Who did it: a name, an email, or what acted without a person. */
export function actorText(actor: AuditEvent["actor"]): string {
  if (actor.name || actor.email) return actor.name || actor.email || "";
  if (actor.apiKeyId) return "An API key";
  if (actor.connectionId) return "Provisioning";
  return actor.userId ? "A deleted account" : "Gatehouse";
}

const METHODS: Record<string, string> = {
  password: "with a password",
  social: "with a social account",
  sso: "with single sign-on",
  passkey: "with a passkey",
  "email-code": "with an emailed code",
  "magic-link": "with an emailed link",
  "email-link": "from a verification link",
  "two-factor": "with two-factor",
};

/** How a sign-in was made, from its `details.method` (and `provider`): "with a passkey", "with github". */
export function signInMethodText(details: AuditEvent["details"]): string {
  const { method, provider } = details;
  if (typeof provider === "string" && provider) return `with ${provider}`;
  return typeof method === "string" ? (METHODS[method] ?? `with ${method}`) : "";
}

/** A refusal's badge: "Refused: invalid email or password" from the code INVALID_EMAIL_OR_PASSWORD. */
export function refusalText(errorCode: string | null): string {
  return errorCode ? `Refused: ${errorCode.toLowerCase().replaceAll("_", " ")}` : "Refused";
}
