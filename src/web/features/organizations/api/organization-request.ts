import { apiCall } from "#web/lib/api/call.ts";

type Query = Record<string, string>;

/**
 * A call to /api/organizations/:organizationId/… through the one answer-and-error path (`apiCall`: the
 * answer, or an ApiError). For the single sign-on and SCIM routes (issue 19), whose server routes are not
 * in the typed `productApi` chain; answers are typed by the shared contracts at each caller.
 */
export function organizationRequest(
  organizationId: string,
  path: string,
  {
    method = "GET",
    query,
    body,
  }: { method?: "GET" | "POST" | "PATCH" | "DELETE"; query?: Query; body?: object } = {},
): Promise<unknown> {
  const search = query ? `?${new URLSearchParams(query)}` : "";
  return apiCall(
    fetch(`/api/organizations/${encodeURIComponent(organizationId)}${path}${search}`, {
      method,
      credentials: "same-origin",
      headers: body ? { "content-type": "application/json" } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    }),
  );
}
