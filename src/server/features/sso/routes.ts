import type { Context } from "hono";
import { Hono } from "hono";
import type { Auth } from "#server/auth/auth.ts";
import type { Db } from "#server/db/tables.ts";
import {
  isRefusal,
  organizationCallers,
  type Refusal,
  refuse,
} from "#server/features/organizations/caller.ts";
import type { SendPolicy } from "#server/features/webhooks/send.ts";
import { valid } from "#server/http/valid.ts";
import { domainName } from "#shared/contracts/domains.ts";
import {
  createSsoConnectionBody,
  ssoTestResultPath,
  updateSsoConnectionBody,
} from "#shared/contracts/sso.ts";
import {
  connectionIdFor,
  connectionView,
  findConnection,
  listConnections,
  serviceProviderValues,
} from "./connections.ts";
import { createConnection, deleteConnection, fromAPIError, ssoApi, updateConnection } from "./manage.ts";
import { requestIdOfSignInUrl, type SsoTests } from "./tests.ts";

export interface SsoRouteDeps {
  auth: Auth;
  db: Db;
  baseURL: string;
  trustedOrigins: readonly string[];
  /** The webhooks' address policy, which IdP metadata URLs follow too. */
  fetchPolicy: SendPolicy;
  tests: SsoTests;
}

/** The SSO routes' own refusals; the caller's are organizations/caller.ts's. */
const REFUSED = {
  ownersOnly: {
    status: 403,
    code: "FORBIDDEN",
    message: "Only the organization's owners manage its single sign-on",
  },
  notFound: { status: 404, code: "SSO_CONNECTION_NOT_FOUND", message: "Connection not found" },
  testNotFound: { status: 404, code: "SSO_TEST_NOT_FOUND", message: "This test sign-in is over or unknown" },
  badDomain: { status: 400, code: "INVALID_FIELD", message: "domain: a domain name such as example.com" },
} as const satisfies Record<string, Refusal>;

/**
 * An organization's SSO connections (issue 19), its owners only (a session of theirs, from the app's origins).
 * Writes go through better-auth's endpoints (features/sso/plugin.ts holds their rules for both doors).
 */
export function ssoRoutes({ auth, db, baseURL, trustedOrigins, fetchPolicy, tests }: SsoRouteDeps) {
  const authBase = `${baseURL}/api/auth`;

  const callers = organizationCallers({ auth, db, trustedOrigins });
  const owner = async (c: Context) => {
    const who = await callers.member(c, "owners", REFUSED.ownersOnly);
    return isRefusal(who)
      ? who
      : { organizationId: who.organizationId, actor: who.caller, headers: who.headers };
  };

  async function connectionOf(c: Context) {
    const who = await owner(c);
    if (isRefusal(who)) return who;
    const row = await findConnection(db, c.req.param("connectionId") ?? "");
    if (!row || row.organizationId !== who.organizationId) return REFUSED.notFound;
    return { ...who, row };
  }

  const base = "/organizations/:organizationId/sso";
  return new Hono()
    .get(`${base}/connections`, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const rows = await listConnections(db, who.organizationId);
      return c.json({ connections: rows.map((row) => connectionView(row, authBase)) }, 200);
    })
    .get(`${base}/service-provider`, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const domain = domainName.safeParse(c.req.query("domain") ?? "");
      if (!domain.success) return refuse(c, REFUSED.badDomain);
      return c.json(serviceProviderValues(authBase, connectionIdFor(domain.data)), 200);
    })
    .post(`${base}/connections`, valid("json", createSsoConnectionBody), async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const made = await createConnection(
        { auth, db, authBase, fetchPolicy, trustedOrigins },
        who,
        c.req.valid("json"),
      );
      return isRefusal(made) ? refuse(c, made) : c.json(connectionView(made, authBase), 201);
    })
    .patch(`${base}/connections/:connectionId`, valid("json", updateSsoConnectionBody), async (c) => {
      const found = await connectionOf(c);
      if (isRefusal(found)) return refuse(c, found);
      const changed = await updateConnection(
        { auth, db, authBase, fetchPolicy, trustedOrigins },
        found,
        c.req.valid("json"),
      );
      return isRefusal(changed) ? refuse(c, changed) : c.json(connectionView(changed, authBase), 200);
    })
    .delete(`${base}/connections/:connectionId`, async (c) => {
      const found = await connectionOf(c);
      if (isRefusal(found)) return refuse(c, found);
      const deleted = await deleteConnection({ auth, db, authBase, fetchPolicy, trustedOrigins }, found);
      return deleted ? refuse(c, deleted) : c.body(null, 204);
    })
    .post(`${base}/connections/:connectionId/test`, async (c) => {
      const found = await connectionOf(c);
      if (isRefusal(found)) return refuse(c, found);
      // The test's id is known only once the sign-in's request id is: the landing page names a placeholder
      // first, then the test row is written under the id the landing page carries.
      const testId = `ssot_${crypto.randomUUID().replaceAll("-", "")}`;
      const landing = `${baseURL}${ssoTestResultPath(found.organizationId, testId)}`;
      try {
        const { headers, response: started } = await ssoApi(auth).signInSSO({
          body: { providerId: found.row.providerId, callbackURL: landing, errorCallbackURL: landing },
          headers: found.headers,
          returnHeaders: true,
        });
        const requestId = requestIdOfSignInUrl(started.url);
        if (!requestId)
          return refuse(c, { status: 502, code: "SSO_TEST_NOT_STARTED", message: "No sign-in request" });
        await tests.start(found.organizationId, found.row.providerId, requestId, testId);
        // OIDC binds its state to the browser (a cookie): the owner's tab carries it to the IdP and back.
        for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
        return c.json({ testId, url: started.url }, 201);
      } catch (error) {
        return refuse(c, fromAPIError(error));
      }
    })
    .get(`${base}/tests/:testId`, async (c) => {
      const who = await owner(c);
      if (isRefusal(who)) return refuse(c, who);
      const result = await tests.read(who.organizationId, c.req.param("testId"));
      return result ? c.json(result, 200) : refuse(c, REFUSED.testNotFound);
    });
}
