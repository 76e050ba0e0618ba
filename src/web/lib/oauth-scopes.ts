import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** What an app may do with each scope it asks for, in the words of the person being asked. */
export interface ScopeText {
  title: string;
  description: string;
}

/** Each scope Gatehouse offers, as message ids (worded in the current language when asked). */
const SCOPES: Record<string, { title: MessageId; description: MessageId }> = {
  openid: { title: "oauth.scope.openid", description: "oauth.scope.openidDescription" },
  profile: { title: "oauth.scope.profile", description: "oauth.scope.profileDescription" },
  email: { title: "oauth.scope.email", description: "oauth.scope.emailDescription" },
  offline_access: { title: "oauth.scope.offlineAccess", description: "oauth.scope.offlineAccessDescription" },
  organizations: { title: "oauth.scope.organizations", description: "oauth.scope.organizationsDescription" },
};

/** The words for a scope; one Gatehouse does not know is shown by its name. */
export function scopeText(scope: string): ScopeText {
  const ids = Object.hasOwn(SCOPES, scope) ? SCOPES[scope] : undefined;
  return ids
    ? { title: t(ids.title), description: t(ids.description) }
    : { title: scope, description: t("oauth.scope.unknownDescription") };
}

/** The scopes an app can be allowed to ask for, in the order they are shown. */
export const KNOWN_SCOPES = Object.keys(SCOPES);

/** A space-separated scope list as an array, without duplicates or empty entries. */
export function scopeList(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? "").split(" ").filter(Boolean))];
}
