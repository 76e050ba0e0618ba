import { hc } from "hono/client";
import type { ProductApi } from "#server/boot/product-api.ts";
import { authClient } from "../auth-client.ts";
import { ApiError, NETWORK_STATUS, networkError } from "./api-error.ts";
import { deadlineFetch } from "./deadline-fetch.ts";

/**
 * What better-auth's client answers: `{ data }` or `{ error }`, never a throw for a refusal. The OpenID
 * provider's endpoints refuse in RFC 6749's words (`error`, `error_description`) instead of code/message.
 */
interface AuthAnswer<T> {
  data: T | null;
  error: {
    status: number;
    statusText?: string;
    message?: string;
    code?: string;
    error?: unknown;
    error_description?: unknown;
  } | null;
}

/** Fetch options every call passes on, so a 429 keeps its `X-Retry-After`. */
export interface CallOptions {
  onError: (context: { response: Response }) => void;
}

function retryAfterOf(response: Response): number | undefined {
  const seconds = Number.parseInt(response.headers.get("X-Retry-After") ?? "", 10);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

/**
 * The one way to call better-auth's client: hand it the fetch options, get the data or an
 * ApiError (status, code, server message, retry delay). A network failure is an ApiError too.
 *
 * @example const session = await authCall((o) => authClient.getSession(undefined, o));
 */
export async function authCall<T>(call: (options: CallOptions) => Promise<AuthAnswer<T>>): Promise<T> {
  let retryAfter: number | undefined;
  const options: CallOptions = {
    onError: ({ response }) => {
      retryAfter = retryAfterOf(response);
    },
  };
  let answer: AuthAnswer<T>;
  try {
    answer = await call(options);
  } catch (cause) {
    throw networkError(cause);
  }
  const { data, error } = answer;
  if (error) {
    const status = error.status ?? NETWORK_STATUS;
    const description = typeof error.error_description === "string" ? error.error_description : "";
    const code = error.code ?? (typeof error.error === "string" ? error.error : undefined);
    const message = error.message || description || error.statusText || "";
    throw new ApiError(status, message, code, retryAfter, error);
  }
  return data as T;
}

type Query = Record<string, string | number | boolean | undefined>;

/** Leaves out the parameters a screen has not set, so URLs stay short and defaults stay the server's. */
function withoutEmpty(query: Query): Query {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""));
}

/**
 * A better-auth path without a typed client method (Gatehouse's additions such as
 * `/organization/invitation-preview`), through the same client and the same errors.
 */
export function authRequest<T>(
  path: string,
  { method = "GET", query, body }: { method?: "GET" | "POST"; query?: Query; body?: object } = {},
): Promise<T> {
  const cleanQuery = query
    ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ""))
    : undefined;
  return authCall<T>(
    (options) =>
      authClient.$fetch<T>(path, { ...options, method, query: cleanQuery, body }) as Promise<AuthAnswer<T>>,
  );
}

/**
 * The product API under /api, typed end to end from the server's own routes (hono/client): paths,
 * parameters and answers are checked by the compiler against src/server/boot/product-api.ts.
 */
export const productApi = hc<ProductApi>("/api", { fetch: deadlineFetch() });

type JsonOf<R> = R extends { json(): Promise<infer T> } ? T : never;
/** A route's success answer: its JSON bodies other than the `{ code, message }` refusals. */
type Answer<R> = Exclude<JsonOf<R>, { code: string; message: string }>;

/**
 * The one way to call the product API: `apiCall(productApi.config.$get())` gives the answer, or
 * throws an ApiError (status, code, message) for a refusal or a network failure.
 */
export async function apiCall<R extends Response | { ok: boolean }>(request: Promise<R>): Promise<Answer<R>> {
  let response: Response;
  try {
    response = (await request) as unknown as Response;
  } catch (cause) {
    throw networkError(cause);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const info = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    const message =
      typeof info.message === "string" ? info.message : typeof info.error === "string" ? info.error : "";
    const code = typeof info.code === "string" ? info.code : undefined;
    throw new ApiError(response.status, message || response.statusText, code, retryAfterOf(response), info);
  }
  return body as Answer<R>;
}

/** One page of a list, and how many items the whole list has. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * A list that better-auth answers as an array, paged by `limit`/`offset`: Gatehouse keeps the
 * array (so better-auth's own client works) and tells the total in `X-Total-Count`.
 */
export async function authList<T>(path: string, query: Query): Promise<ListPage<T>> {
  let total: number | undefined;
  const items = await authCall<T[]>(
    (options) =>
      authClient.$fetch<T[]>(path, {
        ...options,
        method: "GET",
        query: withoutEmpty(query),
        onSuccess: ({ response }: { response: Response }) => {
          total = Number.parseInt(response.headers.get("X-Total-Count") ?? "", 10);
        },
      }) as Promise<AuthAnswer<T[]>>,
  );
  return { items, total: Number.isFinite(total) ? (total as number) : items.length };
}
