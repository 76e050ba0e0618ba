import { ApiError } from "#web/lib/api.ts";
import { authClient } from "#web/lib/auth-client.ts";

interface RequestOptions {
  method?: "GET" | "POST";
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
}

/**
 * Calls an organization endpoint of the auth API through the one better-auth
 * client and throws an ApiError on failure, so react-query sees errors and
 * skips retrying 4xx answers. Used for Gatehouse's paged lists, whose shapes
 * differ from stock better-auth's typed client methods.
 */
export async function orgRequest<T>(path: string, { method = "GET", query, body }: RequestOptions = {}) {
  const cleanQuery = query
    ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""))
    : undefined;
  const { data, error } = await authClient.$fetch<T>(path, { method, query: cleanQuery, body });
  if (error) throw toApiError(error);
  return data as T;
}

/** Unwraps a typed better-auth client call: its data, or an ApiError carrying status and code. */
export async function unwrap<T>(
  call: Promise<{ data: T | null; error: null } | { data: null; error: AuthCallError }>,
): Promise<T> {
  const { data, error } = await call;
  if (error) throw toApiError(error);
  return data as T;
}

interface AuthCallError {
  status: number;
  statusText: string;
  message?: string;
  code?: string;
}

function toApiError(error: AuthCallError): ApiError {
  return new ApiError(error.status, error.message || error.statusText || "", error.code);
}
