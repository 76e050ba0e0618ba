import { UAParser } from "ua-parser-js";
import type { SessionDevice } from "./contracts/sessions.ts";

const DEVICE_TYPES = new Set(["mobile", "tablet"]);

/**
 * The device of a user agent: browser, system, kind and a one-line label ("Firefox 128 on Ubuntu"). The one
 * parser of both sides: the server's session and trusted-device lists, and the web's security activity.
 */
export function describeDevice(userAgent: string | null | undefined): SessionDevice {
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
