import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditPage, AuditQuery } from "#shared/contracts/audit.ts";
import { apiCall, productApi } from "./call.ts";
import { downloadAnswer } from "./download.ts";

/**
 * Whose events a list reads: one organization's (its owners and admins), every event (Gatehouse admins,
 * GET /api/audit without an organization) or the signed-in person's own (GET /api/account/activity).
 */
export type AuditScope = { organizationId: string } | "everything" | "account";

export type AuditFilters = Omit<AuditQuery, "limit" | "cursor">;

/** Every cached audit list starts with this key: a change anywhere may add events, so all go stale together. */
export const auditKey = ["audit"] as const;

function scopeKey(scope: AuditScope): string {
  return typeof scope === "string" ? scope : `organization:${scope.organizationId}`;
}

/** Drops the filters that are not set: the URL stays short and the server's defaults stay its own. */
function queryOf(scope: AuditScope, filters: AuditFilters, extra: Record<string, string> = {}) {
  const query: Record<string, string> = { ...extra };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = String(value);
  if (typeof scope === "object") query.organizationId = scope.organizationId;
  return query;
}

function request(scope: AuditScope, query: Record<string, string>, headers?: Record<string, string>) {
  const options = headers ? { headers } : undefined;
  return scope === "account"
    ? productApi.account.activity.$get({ query }, options)
    : productApi.audit.$get({ query }, options);
}

/** The events of a scope, newest first, a page at a time over the server's cursor ("Load more"). */
export function useAuditEvents(
  scope: AuditScope,
  filters: AuditFilters,
  { limit = 50, enabled = true } = {},
) {
  return useInfiniteQuery({
    queryKey: [...auditKey, scopeKey(scope), filters, limit],
    enabled,
    // Any change anywhere may have added events: a list shown again is asked again.
    staleTime: 0,
    initialPageParam: "",
    queryFn: ({ pageParam }): Promise<AuditPage> =>
      apiCall(
        request(
          scope,
          queryOf(scope, filters, { limit: String(limit), ...(pageParam ? { cursor: pageParam } : {}) }),
        ),
      ) as Promise<AuditPage>,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The CSV of the filtered events (`Accept: text/csv`, every page up to the server's export limit), handed
 * to the browser as a download named after the scope and the day. A refusal throws the usual ApiError.
 */
export async function downloadAuditCsv(scope: AuditScope, filters: AuditFilters, fileName: string) {
  const response = request(scope, queryOf(scope, filters), { Accept: "text/csv" });
  await downloadAnswer(response as unknown as Promise<Response>, fileName);
}
