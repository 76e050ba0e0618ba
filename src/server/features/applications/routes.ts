import type { Context } from "hono";
import { Hono } from "hono";
import { validator } from "hono/validator";
import { API_KEY_HEADER } from "#server/auth/api-key-access.ts";
import type { Auth } from "#server/auth/auth.ts";
import { toDate } from "#server/db/dates.ts";
import type { DateValue, Db } from "#server/db/tables.ts";
import {
  type ApplicationsAnswer,
  applicationDisabledBody,
  applicationsParams,
  type ConnectedAppsAnswer,
} from "#shared/contracts/applications.ts";
import { hasRole } from "#shared/roles.ts";
import { applicationOf, CLIENT_COLUMNS, storedDate, storedList } from "./rows.ts";

type Session = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

const SIGN_IN_FIRST = { code: "UNAUTHORIZED", message: "Sign in first" } as const;
const ADMINS_ONLY = { code: "FORBIDDEN", message: "Admins only" } as const;
const NO_APP = { code: "APPLICATION_NOT_FOUND", message: "No such application" } as const;

const KEYS_NOT_ALLOWED = {
  code: "API_KEY_NOT_ALLOWED",
  message: "API keys cannot call this endpoint",
} as const;

/**
 * The signed-in person's session, from their cookie only: an API key (decision 17) reaches the organization
 * API, never a person's apps and grants nor the admin area, whoever created it.
 */
async function sessionOf(auth: Auth, c: Context): Promise<Session | "api-key" | null> {
  if (c.req.header(API_KEY_HEADER)) return "api-key";
  return auth.api.getSession({ headers: c.req.raw.headers });
}

const isAdmin = (session: Session) => hasRole((session.user as { role?: string | null }).role, "admin");

/**
 * /api/admin/applications — what @better-auth/oauth-provider lacks for an admin: every registered app
 * (its get-clients lists only the caller's own), one app by id, and disabling or enabling one (its update
 * endpoint cannot). Registering, rotating a secret and deleting stay the plugin's endpoints.
 * Admins only: 401 signed out, 403 otherwise.
 */
export function applicationsRoutes(auth: Auth, db: Db) {
  return new Hono()
    .get("/", async (c) => {
      const session = await sessionOf(auth, c);
      if (!session) return c.json(SIGN_IN_FIRST, 401);
      if (session === "api-key") return c.json(KEYS_NOT_ALLOWED, 403);
      if (!isAdmin(session)) return c.json(ADMINS_ONLY, 403);
      const parsed = applicationsParams.safeParse(c.req.query());
      if (!parsed.success) {
        return c.json({ code: "INVALID_FIELD", message: "limit is 1 to 100 and offset 0 or more" }, 400);
      }
      const { limit, offset } = parsed.data;
      const rows = await db
        .selectFrom("oauthClient")
        .select([...CLIENT_COLUMNS])
        .orderBy("createdAt", "desc")
        .orderBy("clientId")
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await db
        .selectFrom("oauthClient")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirst();
      const answer: ApplicationsAnswer = { items: rows.map(applicationOf), total: Number(count?.n ?? 0) };
      return c.json(answer);
    })
    .get("/:clientId", async (c) => {
      const session = await sessionOf(auth, c);
      if (!session) return c.json(SIGN_IN_FIRST, 401);
      if (session === "api-key") return c.json(KEYS_NOT_ALLOWED, 403);
      if (!isAdmin(session)) return c.json(ADMINS_ONLY, 403);
      const row = await db
        .selectFrom("oauthClient")
        .select([...CLIENT_COLUMNS])
        .where("clientId", "=", c.req.param("clientId"))
        .executeTakeFirst();
      if (!row) return c.json(NO_APP, 404);
      return c.json(applicationOf(row));
    })
    .post(
      "/:clientId/disabled",
      validator("json", (value, c) => {
        const body = applicationDisabledBody.safeParse(value);
        if (!body.success) {
          return c.json({ code: "INVALID_FIELD", message: "disabled must be true or false" }, 400);
        }
        return body.data;
      }),
      async (c) => {
        const session = await sessionOf(auth, c);
        if (!session) return c.json(SIGN_IN_FIRST, 401);
        if (session === "api-key") return c.json(KEYS_NOT_ALLOWED, 403);
        if (!isAdmin(session)) return c.json(ADMINS_ONLY, 403);
        const { disabled } = c.req.valid("json");
        const clientId = c.req.param("clientId");
        const exists = await db
          .selectFrom("oauthClient")
          .select("id")
          .where("clientId", "=", clientId)
          .executeTakeFirst();
        if (!exists) return c.json(NO_APP, 404);
        // Through better-auth's adapter, which stores a boolean the way each database wants it.
        const { adapter } = await auth.$context;
        await adapter.update({
          model: "oauthClient",
          where: [{ field: "clientId", value: clientId }],
          update: { disabled, updatedAt: new Date() },
        });
        const row = await db
          .selectFrom("oauthClient")
          .select([...CLIENT_COLUMNS])
          .where("clientId", "=", clientId)
          .executeTakeFirstOrThrow();
        return c.json(applicationOf(row));
      },
    );
}

/**
 * GET /api/account/connected-apps — the apps the signed-in person allowed (the plugin's consents), with
 * each app's name and logo, and when it last received a token for them (an opaque access token or a refresh
 * token). Revoking is the plugin's POST /api/auth/oauth2/delete-consent, which Gatehouse makes take the app's
 * tokens too (grants.ts).
 */
export function connectedAppsRoutes(auth: Auth, db: Db) {
  return new Hono().get("/", async (c) => {
    const session = await sessionOf(auth, c);
    if (!session) return c.json(SIGN_IN_FIRST, 401);
    if (session === "api-key") return c.json(KEYS_NOT_ALLOWED, 403);
    const userId = session.user.id;
    const consents = await db
      .selectFrom("oauthConsent")
      .innerJoin("oauthClient", "oauthClient.clientId", "oauthConsent.clientId")
      .select([
        "oauthConsent.id",
        "oauthConsent.clientId",
        "oauthConsent.scopes",
        "oauthConsent.createdAt",
        "oauthConsent.updatedAt",
        "oauthClient.name",
        "oauthClient.icon",
        "oauthClient.uri",
      ])
      .where("oauthConsent.userId", "=", userId)
      .orderBy("oauthConsent.createdAt", "desc")
      .execute();
    // The newest token each app got for this person: an opaque access token, or a refresh token (issued beside
    // every JWT access token of an app with offline_access, and at each refresh). JWT access tokens themselves
    // are stored nowhere: an app that asked for neither is not seen using them.
    const [accessUse, refreshUse] = await Promise.all(
      (["oauthAccessToken", "oauthRefreshToken"] as const).map((table) =>
        db
          .selectFrom(table)
          .select(["clientId", (eb) => eb.fn.max("createdAt").as("lastUsedAt")])
          .where("userId", "=", userId)
          .groupBy("clientId")
          .execute(),
      ),
    );
    const lastUsedBy = new Map<string, DateValue>();
    for (const row of [...(accessUse ?? []), ...(refreshUse ?? [])]) {
      const known = lastUsedBy.get(row.clientId);
      if (row.lastUsedAt == null) continue;
      if (!known || toDate(row.lastUsedAt).getTime() > toDate(known).getTime()) {
        lastUsedBy.set(row.clientId, row.lastUsedAt);
      }
    }
    const answer: ConnectedAppsAnswer = {
      items: consents.map((row) => ({
        id: row.id,
        clientId: row.clientId,
        name: row.name,
        logoUri: row.icon,
        clientUri: row.uri,
        scopes: storedList(row.scopes),
        grantedAt: storedDate(row.createdAt),
        lastUsedAt: storedDate(lastUsedBy.get(row.clientId) ?? null),
      })),
    };
    return c.json(answer);
  });
}
