import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { UAParser } from "ua-parser-js";
import type { SessionDevice } from "#shared/contracts/sessions.ts";

/** What describeDevice finds in a user agent (#shared/contracts/sessions.ts). */
export type DeviceDetails = SessionDevice;

const DEVICE_TYPES = new Set(["mobile", "tablet"]);

export function describeDevice(userAgent: string | null | undefined): DeviceDetails {
  const { browser, os, device } = UAParser(userAgent ?? "");
  const browserName = browser.name ? [browser.name, browser.major].filter(Boolean).join(" ") : null;
  const osName = os.name ? [os.name, os.version].filter(Boolean).join(" ") : null;
  const type =
    device.type && DEVICE_TYPES.has(device.type)
      ? (device.type as "mobile" | "tablet")
      : browserName || osName
        ? "desktop"
        : "other";
  const label =
    browserName && osName ? `${browserName} on ${osName}` : (browserName ?? osName ?? "Unknown device");
  return { browser: browserName, os: osName, type, label };
}

interface ListedSession {
  token: string;
  userAgent?: string | null;
  updatedAt: Date | string;
  [key: string]: unknown;
}

/**
 * GET /list-sessions answers each session with its device (browser and OS from
 * the user agent), `lastActiveAt` and `current`; the current one comes first,
 * then the most recently active.
 */
export const addSessionDetails = createAuthMiddleware(async (ctx) => {
  const sessions = ctx.context.returned;
  if (!Array.isArray(sessions)) return;
  const currentToken = (await getSessionFromCtx(ctx))?.session.token;
  const detailed = (sessions as ListedSession[]).map((s) => ({
    ...s,
    device: describeDevice(s.userAgent),
    // better-auth touches updatedAt when it extends a session (at most once per session.updateAge).
    lastActiveAt: s.updatedAt,
    current: s.token === currentToken,
  }));
  detailed.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      new Date(b.lastActiveAt).getTime() - new Date(a.lastActiveAt).getTime(),
  );
  return ctx.json(detailed);
});
