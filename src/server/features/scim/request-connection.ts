import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { Selectable } from "kysely";
import type { Db, Tables } from "#server/db/tables.ts";
import { hashScimToken, SCIM_TOKEN_PREFIX } from "./connections.ts";

export type ScimConnectionRow = Selectable<Tables["scim_connection"]>;

/**
 * The connection each SCIM request authenticated as, read once by its bearer token: the projection and the
 * group hook take the row from here instead of reading it again (a sync is thousands of requests, and every
 * statement is a round trip). Keyed by the HTTP request, the one object better-auth keeps from the token
 * check to its after-hooks; a call without one reads the connection again.
 */
const byRequest = new WeakMap<Request, ScimConnectionRow>();

function currentRequest(): Request | undefined {
  return tryGetCurrentAuthEndpointContext()?.request;
}

/** The connection of a bearer token, remembered for the request being served. */
export async function connectionOfToken(db: Db, token: string): Promise<ScimConnectionRow | undefined> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX)) return undefined;
  const row = await db
    .selectFrom("scim_connection")
    .selectAll()
    .where("tokenHash", "=", hashScimToken(token))
    .executeTakeFirst();
  const request = currentRequest();
  if (row && request) byRequest.set(request, row);
  return row;
}

/** The connection the request being served authenticated as, if its token check remembered it. */
export function connectionOfRequest(): ScimConnectionRow | undefined {
  const request = currentRequest();
  return request ? byRequest.get(request) : undefined;
}

/** The address of the account the request being served is creating (POST /Users makes at most one). */
const accountByRequest = new WeakMap<Request, { email: string }>();

/** Remembers the account the request is writing, as better-auth's create hook sees it (inside the transaction). */
export function rememberCreatedAccount(account: { email: string }): void {
  const request = currentRequest();
  if (request) accountByRequest.set(request, account);
}

/**
 * The account this request created, if it created one: the projection then knows the person (just written,
 * verified, no membership anywhere yet) without reading them back.
 */
export function accountCreatedByRequest(): { email: string } | undefined {
  const request = currentRequest();
  return request ? accountByRequest.get(request) : undefined;
}
