/** An error answer from the product API (/api/*), with the status kept for callers. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/**
 * The one fetch helper for the product's own JSON API. Auth calls go through
 * `authClient` instead. Sends cookies (same origin) and turns non-2xx answers
 * into an ApiError carrying the server's message when it gave one.
 */
export async function apiFetch<T>(path: string, init?: RequestInit): Promise<T> {
  const headers = new Headers(init?.headers);
  headers.set("Accept", "application/json");
  if (init?.body !== undefined && !headers.has("Content-Type"))
    headers.set("Content-Type", "application/json");
  const response = await fetch(`/api${path}`, { credentials: "same-origin", ...init, headers });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const info = (body ?? {}) as { message?: unknown; error?: unknown; code?: unknown };
    const message =
      typeof info.message === "string"
        ? info.message
        : typeof info.error === "string"
          ? info.error
          : response.statusText || `Request failed (${response.status})`;
    throw new ApiError(response.status, message, typeof info.code === "string" ? info.code : undefined);
  }
  return body as T;
}
