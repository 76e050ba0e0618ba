/** What an app may do with each scope it asks for, in the words of the person being asked. */
export interface ScopeText {
  title: string;
  description: string;
}

const SCOPES: Record<string, ScopeText> = {
  openid: {
    title: "Know who you are",
    description: "Sign you in with your Gatehouse account, using a stable id that is only yours.",
  },
  profile: { title: "See your name and picture", description: "Your display name and profile picture." },
  email: {
    title: "See your email address",
    description: "Your email address, and whether you have confirmed it.",
  },
  offline_access: {
    title: "Stay connected",
    description: "Keep access while you are away, until you revoke it from your account.",
  },
  organizations: {
    title: "See your organizations and your roles in them",
    description: "The organizations you belong to, and your roles in each.",
  },
};

/** The words for a scope; one Gatehouse does not know is shown by its name. */
export function scopeText(scope: string): ScopeText {
  return Object.hasOwn(SCOPES, scope)
    ? (SCOPES[scope] as ScopeText)
    : { title: scope, description: "A permission this app defines." };
}

/** The scopes an app can be allowed to ask for, in the order they are shown. */
export const KNOWN_SCOPES = Object.keys(SCOPES);

/** A space-separated scope list as an array, without duplicates or empty entries. */
export function scopeList(scope: string | null | undefined): string[] {
  return [...new Set((scope ?? "").split(" ").filter(Boolean))];
}
