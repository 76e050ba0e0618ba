import type { Session } from "#web/lib/auth-client.ts";

/** The organization fields better-auth's organization plugin adds to a session. */
interface OrganizationSessionFields {
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
}

function fieldsOf(session: Session | null | undefined): OrganizationSessionFields {
  return (session?.session ?? {}) as OrganizationSessionFields;
}

/** The organization the session acts in by default, if any. */
export function activeOrganizationIdOf(session: Session | null | undefined): string | null {
  return fieldsOf(session).activeOrganizationId ?? null;
}

/** The team the session acts in by default, if any. */
export function activeTeamIdOf(session: Session | null | undefined): string | null {
  return fieldsOf(session).activeTeamId ?? null;
}
