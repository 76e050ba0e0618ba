export const ACCOUNT_SECTIONS = [
  "profile",
  "email",
  "password",
  "security",
  "activity",
  "linked",
  "sessions",
  "apps",
  "danger",
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

/** What /account reads from its URL. */
export interface AccountSearch {
  section?: AccountSection;
  /** Set on the way back from linking a social account. */
  linked?: "returned";
  /** A redirect error code from that link (SPEC §8). */
  error?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value.slice(0, 64) : undefined;
}

/** Keeps only known values, so the page never sees arrays or objects from the URL. */
export function parseAccountSearch(search: Record<string, unknown>): AccountSearch {
  const section = ACCOUNT_SECTIONS.find((s) => s === search.section);
  return {
    section,
    linked: search.linked === "returned" ? "returned" : undefined,
    error: text(search.error),
  };
}
