// What a user would otherwise wire by hand: stock better-auth 1.7 (unpatched copy), default options,
// email + password and the organization plugin, mounted directly on @hono/node-server.
import { serve } from "@hono/node-server";
import { betterAuth } from "better-auth-stock";
import { getMigrations } from "better-auth-stock/db/migration";
import { organization } from "better-auth-stock/plugins";
import SQLite from "better-sqlite3";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "";
const database = url.startsWith("postgres") ? new pg.Pool({ connectionString: url }) : new SQLite(url);
const options = {
  baseURL: process.env.BETTER_AUTH_URL,
  secret: process.env.BETTER_AUTH_SECRET,
  database,
  emailAndPassword: { enabled: true },
  plugins: [organization()],
  telemetry: { enabled: false },
};
const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);
serve({ fetch: auth.handler, port: Number(process.env.PORT), hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`running at http://127.0.0.1:${info.port}\n`);
});
