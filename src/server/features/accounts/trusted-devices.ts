import { APIError } from "better-auth";
import { createAuthEndpoint, createAuthMiddleware, sessionMiddleware } from "better-auth/api";
import * as z from "zod";
import type { HookContext } from "#server/auth/overrides.ts";
import type { TrustedDevice } from "#shared/contracts/trusted-devices.ts";
import { describeDevice } from "#shared/device.ts";

/**
 * Trusted devices ("Trust this device for 30 days", decision 23). better-auth's twoFactor keeps a trusted
 * device as a signed cookie naming a verification value (`trust-device-…`) and swaps that value for a new
 * one at every sign-in it lets through; it keeps no list a person could read. This table is that list:
 * one row per device, pointing at the device's current verification value, with what the device is.
 * - recorded when a second step passes with `trustDevice` (the verify endpoints' after-hook);
 * - re-pointed when a sign-in swaps the value (the sign-in paths' after-hook);
 * - removing a row deletes the value too, so the plugin asks that device for the code again;
 * - a sign-in whose cookie names a value no row points at (removed) has the value deleted before the
 *   plugin looks, whatever happened in between.
 */

const MODEL = "trustedDevice";
const TRUST_COOKIE = "trust_device";
/**
 * The paths whose sign-in the second step holds back: better-auth's (its `signInPaths`) and the mailed code
 * and link sign-ins, to which auth/email-sign-in.ts applies the same step.
 */
export const SIGN_IN_PATHS = new Set([
  "/sign-in/email",
  "/sign-in/username",
  "/sign-in/phone-number",
  "/sign-in/email-otp",
  "/magic-link/verify",
]);
export const VERIFY_PATHS = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);

export const trustedDeviceSchema = {
  trustedDevice: {
    fields: {
      userId: {
        type: "string",
        required: true,
        references: { model: "user", field: "id", onDelete: "cascade" },
        index: true,
      },
      /** The device's current `trust-device-…` verification value (the cookie names it). */
      identifier: { type: "string", required: true, unique: true },
      userAgent: { type: "string", required: false },
      createdAt: { type: "date", required: true },
      expiresAt: { type: "date", required: true },
      lastUsedAt: { type: "date", required: false },
    },
  },
} as const;

interface DeviceRow {
  id: string;
  userId: string;
  identifier: string;
  userAgent?: string | null;
  createdAt: Date | string;
  expiresAt: Date | string;
  lastUsedAt?: Date | string | null;
}

/** The verification value a signed `trust_device` cookie names (`<hmac>!<identifier>`), if any. */
function identifierOf(value: string | null | false | undefined): string | undefined {
  if (!value) return undefined;
  const identifier = value.split("!")[1];
  return identifier?.startsWith("trust-device-") ? identifier : undefined;
}

function trustCookieName(ctx: HookContext): string {
  return ctx.context.createAuthCookie(TRUST_COOKIE).name;
}

/** The identifier the request's trust cookie names (its signature checked). */
async function requestIdentifier(ctx: HookContext): Promise<string | undefined> {
  return identifierOf(await ctx.getSignedCookie(trustCookieName(ctx), ctx.context.secret));
}

/** The identifier of the trust cookie this answer sets (better-call writes `value.signature`, encoded). */
function answeredIdentifier(ctx: HookContext): string | undefined {
  const prefix = `${trustCookieName(ctx)}=`;
  const header = ctx.context.responseHeaders?.getSetCookie().find((c) => c.startsWith(prefix));
  if (!header) return undefined;
  const raw = decodeURIComponent(header.slice(prefix.length).split(";")[0] ?? "");
  const dot = raw.lastIndexOf(".");
  return dot > 0 ? identifierOf(raw.slice(0, dot)) : undefined;
}

function returnedError(ctx: HookContext): boolean {
  const returned = ctx.context.returned;
  return returned instanceof Error || (returned instanceof Response && !returned.ok);
}

async function findByIdentifier(ctx: HookContext, identifier: string) {
  return ctx.context.adapter.findOne<DeviceRow>({
    model: MODEL,
    where: [{ field: "identifier", value: identifier }],
  });
}

/** Before a sign-in: a cookie naming a value no row points at (a removed device) no longer skips the step. */
export const forgetRemovedDevice = createAuthMiddleware(async (ctx) => {
  const identifier = await requestIdentifier(ctx);
  if (!identifier) return;
  if (await findByIdentifier(ctx, identifier)) return;
  await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
});

/** After a second step that trusted the device: its row. */
export const recordTrustedDevice = createAuthMiddleware(async (ctx) => {
  if (returnedError(ctx)) return;
  const identifier = answeredIdentifier(ctx);
  const userId = ctx.context.newSession?.user.id;
  if (!identifier || !userId) return;
  const value = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!value || value.value !== userId) return;
  // The same browser trusted before (its old cookie came along): one row for it, not two.
  const previous = await requestIdentifier(ctx);
  if (previous && previous !== identifier) {
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(previous);
    await ctx.context.adapter.deleteMany({ model: MODEL, where: [{ field: "identifier", value: previous }] });
  }
  const now = new Date();
  await ctx.context.adapter.create({
    model: MODEL,
    data: {
      userId,
      identifier,
      userAgent: ctx.headers?.get("user-agent")?.slice(0, 512) ?? null,
      createdAt: now,
      expiresAt: new Date(value.expiresAt),
      lastUsedAt: now,
    },
  });
});

/** After a sign-in a trusted device let through: the plugin swapped the value; the row follows it. */
export const followSwappedDevice = createAuthMiddleware(async (ctx) => {
  if (returnedError(ctx)) return;
  const next = answeredIdentifier(ctx);
  const previous = await requestIdentifier(ctx);
  if (!next || !previous || next === previous) return;
  const value = await ctx.context.internalAdapter.findVerificationValue(next);
  if (!value) return;
  await ctx.context.adapter.update({
    model: MODEL,
    where: [{ field: "identifier", value: previous }],
    update: { identifier: next, expiresAt: new Date(value.expiresAt), lastUsedAt: new Date() },
  });
});

/** Every trusted device of a user goes (two-factor turned off), with the values the plugin checks. */
export async function forgetAllDevices(ctx: HookContext, userId: string): Promise<void> {
  const rows = await ctx.context.adapter.findMany<DeviceRow>({
    model: MODEL,
    where: [{ field: "userId", value: userId }],
  });
  for (const row of rows) await ctx.context.internalAdapter.deleteVerificationByIdentifier(row.identifier);
  await ctx.context.adapter.deleteMany({ model: MODEL, where: [{ field: "userId", value: userId }] });
}

function toDevice(row: DeviceRow): TrustedDevice {
  return {
    id: row.id,
    device: describeDevice(row.userAgent),
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
  };
}

/** GET /list-trusted-devices: the signed-in person's trusted devices, newest first (expired ones pruned). */
export const listTrustedDevices = createAuthEndpoint(
  "/list-trusted-devices",
  { method: "GET", use: [sessionMiddleware] },
  async (ctx) => {
    const userId = ctx.context.session.user.id;
    const now = new Date();
    await ctx.context.adapter.deleteMany({
      model: MODEL,
      where: [
        { field: "userId", value: userId },
        { field: "expiresAt", operator: "lte", value: now },
      ],
    });
    const rows = await ctx.context.adapter.findMany<DeviceRow>({
      model: MODEL,
      where: [{ field: "userId", value: userId }],
      sortBy: { field: "createdAt", direction: "desc" },
      limit: 100,
    });
    return ctx.json(rows.map(toDevice));
  },
);

/** POST /revoke-trusted-device { id }: that device asks for the second step again at its next sign-in. */
export const revokeTrustedDevice = createAuthEndpoint(
  "/revoke-trusted-device",
  {
    method: "POST",
    body: z.object({ id: z.string().min(1).max(255) }),
    use: [sessionMiddleware],
  },
  async (ctx) => {
    const userId = ctx.context.session.user.id;
    const row = await ctx.context.adapter.findOne<DeviceRow>({
      model: MODEL,
      where: [
        { field: "id", value: ctx.body.id },
        { field: "userId", value: userId },
      ],
    });
    if (!row) {
      throw APIError.from("NOT_FOUND", {
        code: "TRUSTED_DEVICE_NOT_FOUND",
        message: "Trusted device not found",
      });
    }
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(row.identifier);
    await ctx.context.adapter.delete({ model: MODEL, where: [{ field: "id", value: row.id }] });
    return ctx.json({ status: true });
  },
);
