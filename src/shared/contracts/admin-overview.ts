import { z } from "zod";

/** GET /api/admin/users/:id/overview: the path parameter. */
export const adminOverviewParams = z.object({ id: z.string().min(1) });
export type AdminOverviewParams = z.infer<typeof adminOverviewParams>;

/** A linked account, never its tokens. */
export const adminOverviewAccount = z.object({
  id: z.string(),
  providerId: z.string(),
  accountId: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});

/** An organization the user belongs to, with the user's roles in it. */
export const adminOverviewOrganization = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The stored role value ("owner,admin"). */
  role: z.string(),
  /** The same, parsed (parseRoles from #shared/roles.ts). */
  roles: z.array(z.string()),
  /** When the user joined, ISO 8601. */
  createdAt: z.string(),
});

/** The user's strong sign-in (issue 16). */
export const adminOverviewTwoFactor = z.object({
  /** An authenticator app is on. */
  enabled: z.boolean(),
  /** How many passkeys the user has. */
  passkeys: z.number(),
  /** Two-factor on or at least one passkey: what organization policies and REQUIRE_2FA_FOR_ADMINS ask for. */
  compliant: z.boolean(),
});

/** The answer for an admin (401 signed out, 403 not an admin, 404 no such user: { code, message }). */
export const adminOverviewAnswer = z.object({
  accounts: z.array(adminOverviewAccount),
  organizations: z.array(adminOverviewOrganization),
  twoFactor: adminOverviewTwoFactor,
});
export type AdminOverviewAnswer = z.infer<typeof adminOverviewAnswer>;

/** POST /api/admin/users/:id/reset-two-factor: what was removed. */
export const adminResetTwoFactorAnswer = z.object({
  /** Whether the user had an authenticator app on. */
  wasEnabled: z.boolean(),
  /** Trusted devices forgotten. */
  trustedDevices: z.number(),
});
export type AdminResetTwoFactorAnswer = z.infer<typeof adminResetTwoFactorAnswer>;
