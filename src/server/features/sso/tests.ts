import { inflateRawSync } from "node:zlib";
import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { Db } from "#server/db/tables.ts";
import { type SsoTestResult, ssoTestResultPath } from "#shared/contracts/sso.ts";
import { type ConnectionRow, groupMappingsOf, mappingOf } from "./connections.ts";
import { grantsFor, groupsFrom } from "./sign-in.ts";

/** A test sign-in's result is kept (and answerable) this long. */
export const SSO_TEST_TTL_MS = 10 * 60 * 1000;

/** The web page a test sign-in lands on (contracts/sso.ts ssoTestResultPath). */
export const SSO_TEST_PAGE = new URL(ssoTestResultPath("o", "t"), "http://x").pathname;

export const TEST_COMPLETE = {
  code: "SSO_TEST_COMPLETE",
  message: "The identity provider answered the test sign-in; nobody was signed in",
} as const;

/** Test sign-ins (issue 19): safe to run at every start. */
export async function migrateSsoTests(db: Db): Promise<void> {
  await db.schema
    .createTable("sso_test")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organizationId", "text", (c) => c.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("connectionId", "text", (c) => c.notNull())
    // The protocol's request id: the SAML AuthnRequest ID or the OIDC state.
    .addColumn("requestId", "text", (c) => c.notNull())
    .addColumn("result", "text")
    .addColumn("createdAt", "text", (c) => c.notNull())
    .addColumn("expiresAt", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sso_test_request").ifNotExists().on("sso_test").column("requestId").execute();
}

/** The request id a sign-in URL carries: OIDC's `state`, or the ID of the deflated SAML AuthnRequest. */
export function requestIdOfSignInUrl(url: string): string | null {
  const params = new URL(url).searchParams;
  const state = params.get("state");
  if (state) return state;
  const request = params.get("SAMLRequest");
  if (!request) return null;
  try {
    const xml = inflateRawSync(Buffer.from(request, "base64")).toString("utf8");
    return xml.match(/<(?:\w+:)?AuthnRequest\b[^>]*\bID="([^"]+)"/)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** The InResponseTo of a posted SAMLResponse (base64 XML), null when unsolicited or unreadable. */
export function inResponseToOf(samlResponse: unknown): string | null {
  if (typeof samlResponse !== "string") return null;
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  return xml.match(/<(?:\w+:)?Response\b[^>]*\bInResponseTo="([^"]+)"/)?.[1] ?? null;
}

/** The request id the sign-in being answered carries: the ACS body's InResponseTo, or the callback's state. */
function currentRequestId(): string | null {
  const ctx = tryGetCurrentAuthEndpointContext();
  if (!ctx) return null;
  const body = ctx.body as { SAMLResponse?: unknown } | undefined;
  if (body?.SAMLResponse) return inResponseToOf(body.SAMLResponse);
  const state = (ctx.query as { state?: unknown } | undefined)?.state;
  return typeof state === "string" ? state : null;
}

type Stored = Omit<SsoTestResult, "testId" | "connectionId" | "status" | "finishedAt">;

export function ssoTests(db: Db) {
  /** Results reached inside a sign-in's transaction (which is rolled back), written once it has ended. */
  const pending = new Map<string, Stored>();

  return {
    /** Records that `requestId` (just started by an owner) is a test of the connection. */
    async start(organizationId: string, connectionId: string, requestId: string, id: string): Promise<void> {
      const now = Date.now();
      await db.deleteFrom("sso_test").where("expiresAt", "<", new Date(now).toISOString()).execute();
      await db
        .insertInto("sso_test")
        .values({
          id,
          organizationId,
          connectionId,
          requestId,
          result: null,
          createdAt: new Date(now).toISOString(),
          expiresAt: new Date(now + SSO_TEST_TTL_MS).toISOString(),
        })
        .execute();
    },

    /**
     * Inside resolveUser: when the sign-in answers a waiting test, what the IdP said (and what the person
     * would get) is kept for the test, and the sign-in is refused with SSO_TEST_COMPLETE.
     */
    async answer(
      row: ConnectionRow,
      user: { email: string; name: string },
      attributes: Record<string, unknown>,
    ): Promise<typeof TEST_COMPLETE | null> {
      const requestId = currentRequestId();
      if (!requestId) return null;
      const test = await db
        .selectFrom("sso_test")
        .select(["id", "organizationId"])
        .where("requestId", "=", requestId)
        .where("connectionId", "=", row.providerId)
        .where("result", "is", null)
        .where("expiresAt", ">", new Date().toISOString())
        .executeTakeFirst();
      if (!test) return null;
      const mapping = mappingOf(row);
      const groups = mapping.groups ? groupsFrom(attributes[mapping.groups]) : [];
      const grants = grantsFor(groupMappingsOf(row), groups);
      const teams = grants.teamIds.length
        ? await db
            .selectFrom("team")
            .select("name")
            .where("organizationId", "=", test.organizationId)
            .where("id", "in", grants.teamIds)
            .execute()
        : [];
      pending.set(test.id, {
        email: user.email,
        name: user.name || null,
        groups,
        attributes: Object.fromEntries(
          Object.entries(attributes).map(([key, value]) => [
            key,
            (Array.isArray(value) ? value : [value]).map((v) =>
              typeof v === "string" ? v : JSON.stringify(v),
            ),
          ]),
        ),
        role: grants.roles.length ? grants.roles.join(",") : (row.defaultRole ?? "member"),
        teams: teams.map((t) => t.name),
        error: null,
      });
      return TEST_COMPLETE;
    },

    /** After an ACS / callback request: writes the results its sign-in reached. */
    async flush(): Promise<void> {
      for (const [id, result] of [...pending]) {
        pending.delete(id);
        await db
          .updateTable("sso_test")
          .set({ result: JSON.stringify({ ...result, finishedAt: new Date().toISOString() }) })
          .where("id", "=", id)
          .execute();
      }
    },

    /** A test whose sign-in failed (bad signature, expired…): the code the error screen explains. */
    async fail(testId: string, code: string, message: string): Promise<void> {
      if (code === TEST_COMPLETE.code) return;
      const failed: Stored & { finishedAt: string } = {
        email: null,
        name: null,
        groups: [],
        attributes: {},
        role: null,
        teams: [],
        error: { code, message },
        finishedAt: new Date().toISOString(),
      };
      await db
        .updateTable("sso_test")
        .set({ result: JSON.stringify(failed) })
        .where("id", "=", testId)
        .where("result", "is", null)
        .execute();
    },

    /** GET …/sso/tests/:testId. */
    async read(organizationId: string, testId: string): Promise<SsoTestResult | null> {
      const row = await db
        .selectFrom("sso_test")
        .selectAll()
        .where("id", "=", testId)
        .where("organizationId", "=", organizationId)
        .where("expiresAt", ">", new Date().toISOString())
        .executeTakeFirst();
      if (!row) return null;
      const result = row.result ? (JSON.parse(row.result) as Stored & { finishedAt: string }) : null;
      return {
        testId: row.id,
        connectionId: row.connectionId,
        status: result ? (result.error ? "failed" : "succeeded") : "waiting",
        email: result?.email ?? null,
        name: result?.name ?? null,
        groups: result?.groups ?? [],
        attributes: result?.attributes ?? {},
        role: result?.role ?? null,
        teams: result?.teams ?? [],
        error: result?.error ?? null,
        finishedAt: result?.finishedAt ?? null,
      };
    },
  };
}
export type SsoTests = ReturnType<typeof ssoTests>;
