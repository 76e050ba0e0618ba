// The unpatched better-auth 1.7.24 copy (`better-auth-stock`) configured like Gatehouse's auth.ts where it
// affects what the client sees: email + password with verified email, organization + teams, admin. The
// client contract test (test/integration/client-contract.test.ts) compares Gatehouse's answers to this one's.
// Run with `node --import tsx test/support/contract/stock-server.ts`; env: DATABASE_URL (SQLite path or
// postgres://), PORT, BETTER_AUTH_URL, BETTER_AUTH_SECRET, SMTP_URL, ADMIN_EMAILS (comma-separated).
import { serve } from "@hono/node-server";
import { type BetterAuthOptions, betterAuth } from "better-auth-stock";
import { getMigrations } from "better-auth-stock/db/migration";
import { admin, organization } from "better-auth-stock/plugins";
import SQLite from "better-sqlite3";
import nodemailer from "nodemailer";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "";
const isPostgres = url.startsWith("postgres");
const pool = isPostgres ? new pg.Pool({ connectionString: url }) : undefined;
const sqlite = isPostgres ? undefined : new SQLite(url);
const adminEmails = (process.env.ADMIN_EMAILS ?? "")
  .split(",")
  .map((e) => e.trim().toLowerCase())
  .filter(Boolean);
const transport = nodemailer.createTransport(process.env.SMTP_URL ?? "smtp://127.0.0.1:25");

async function mail(to: string, subject: string, link: string) {
  await transport.sendMail({ from: "stock@localhost", to, subject, text: `${subject}: ${link}\n` });
}

/** Like Gatehouse's ADMIN_EMAILS: a listed account becomes admin once its email is verified. */
async function promote(user: { id: string; email: string; emailVerified: boolean; role?: string | null }) {
  if (!user.emailVerified || user.role === "admin" || !adminEmails.includes(user.email.toLowerCase())) return;
  if (pool) await pool.query(`update "user" set "role" = 'admin' where "id" = $1`, [user.id]);
  else sqlite?.prepare(`update "user" set "role" = 'admin' where "id" = ?`).run(user.id);
}

const options = {
  baseURL: process.env.BETTER_AUTH_URL,
  secret: process.env.BETTER_AUTH_SECRET,
  database: pool ?? (sqlite as SQLite.Database),
  telemetry: { enabled: false },
  emailAndPassword: {
    enabled: true,
    requireEmailVerification: true,
    revokeSessionsOnPasswordReset: true,
    async sendResetPassword({ user, url }) {
      await mail(user.email, "Reset your password", url);
    },
  },
  emailVerification: {
    sendOnSignUp: true,
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    async sendVerificationEmail({ user, url }) {
      await mail(user.email, "Verify your email", url);
    },
  },
  user: {
    changeEmail: {
      enabled: true,
      async sendChangeEmailConfirmation({ user, url }) {
        await mail(user.email, "Confirm your new email", url);
      },
    },
    deleteUser: {
      enabled: true,
      async sendDeleteAccountVerification({ user, url }) {
        await mail(user.email, "Delete your account", url);
      },
    },
  },
  advanced: { database: { joins: true } },
  databaseHooks: {
    user: {
      create: { after: async (user) => promote(user as Parameters<typeof promote>[0]) },
      update: { after: async (user) => promote(user as Parameters<typeof promote>[0]) },
    },
  },
  plugins: [
    organization({
      creatorRole: "owner",
      invitationExpiresIn: 172800,
      teams: { enabled: true },
      requireEmailVerificationOnInvitation: true,
      async sendInvitationEmail({ id, email }) {
        await mail(email, "You are invited", `${process.env.BETTER_AUTH_URL}/accept-invitation/${id}`);
      },
    }),
    admin({ defaultRole: "user", adminRoles: ["admin"], impersonationSessionDuration: 3600 }),
  ],
} satisfies BetterAuthOptions;

const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);
serve({ fetch: auth.handler, port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`running at http://127.0.0.1:${info.port}\n`);
});
