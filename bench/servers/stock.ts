// What a user would otherwise wire by hand: stock better-auth 1.7 (unpatched copy), default options,
// email + password and the organization plugin, mounted directly on @hono/node-server. With
// STOCK_PROVIDER=1 it is also an OpenID provider: `@better-auth/oauth-provider` with the `jwt` plugin, both
// with default options (a separate server in the bench: the jwt plugin signs a JWT on every get-session,
// which would slow the stock side of the other cases). Started with
// `--import ./bench/servers/stock-register.mjs`, so the provider plugin runs on the unpatched copy too.
import { oauthProvider } from "@better-auth/oauth-provider";
import { serve } from "@hono/node-server";
import { betterAuth } from "better-auth-stock";
import { getMigrations } from "better-auth-stock/db/migration";
import { jwt, organization } from "better-auth-stock/plugins";
import SQLite from "better-sqlite3";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "";
const database = url.startsWith("postgres") ? new pg.Pool({ connectionString: url }) : new SQLite(url);
const options = {
  baseURL: process.env.BETTER_AUTH_URL,
  secret: process.env.BETTER_AUTH_SECRET,
  database,
  emailAndPassword: { enabled: true },
  plugins: [
    organization(),
    // The two pages are the provider's only required options (the bench approves consent over the API).
    ...(process.env.STOCK_PROVIDER === "1"
      ? [jwt(), oauthProvider({ loginPage: "/sign-in", consentPage: "/consent" })]
      : []),
  ],
  telemetry: { enabled: false },
};
const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);
serve({ fetch: auth.handler, port: Number(process.env.PORT), hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`running at http://127.0.0.1:${info.port}\n`);
});
