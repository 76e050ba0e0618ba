import { createContext, useContext } from "react";
import type { Grants } from "#shared/custom-roles.ts";
import type { OrganizationSummary } from "../api/types.ts";
import type { OrgAbilities } from "../lib/roles.ts";

export interface CurrentOrganization {
  organization: OrganizationSummary;
  /** The signed-in user's roles in it, comma-separated. */
  role: string;
  can: OrgAbilities;
  /** What the member's roles, built-in and custom, grant here (the server's answer), once loaded. */
  grants?: Grants;
}

export const OrganizationContext = createContext<CurrentOrganization | null>(null);

/** The organization of the `/org/$slug` page being shown; only inside its layout. */
export function useCurrentOrganization(): CurrentOrganization {
  const value = useContext(OrganizationContext);
  if (!value) throw new Error("useCurrentOrganization is used outside an organization page");
  return value;
}
