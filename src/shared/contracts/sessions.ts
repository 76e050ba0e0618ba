import { z } from "zod";

/** The device a session was signed in from, read from its user agent. */
export const sessionDevice = z.object({
  /** e.g. "Firefox 128", or null when the user agent names none. */
  browser: z.string().nullable(),
  /** e.g. "Ubuntu", "iOS 17.4". */
  os: z.string().nullable(),
  type: z.enum(["desktop", "mobile", "tablet", "other"]),
  /** One line for the UI, e.g. "Firefox 128 on Ubuntu". */
  label: z.string(),
});
export type SessionDevice = z.infer<typeof sessionDevice>;

/** What GET /list-sessions adds to each of better-auth's session rows (the accounts plugin's after hook). */
export const sessionDetails = z.object({
  device: sessionDevice,
  /** ISO 8601: when better-auth last extended the session. */
  lastActiveAt: z.string(),
  /** True for the session that asked. */
  current: z.boolean(),
});
export type SessionDetails = z.infer<typeof sessionDetails>;
