import { z } from "zod";
import { sessionDevice } from "./sessions.ts";

/** One row of GET /api/auth/list-trusted-devices: a device that skips the second step (decision 23). */
export const trustedDevice = z.object({
  id: z.string(),
  /** Read from the user agent of the browser that was trusted. */
  device: sessionDevice,
  /** ISO 8601: when the device was trusted. */
  createdAt: z.string(),
  /** ISO 8601: when it stops skipping the step (30 days after its last sign-in). */
  expiresAt: z.string(),
  /** ISO 8601: its last sign-in that skipped the step, or the trusting itself. */
  lastUsedAt: z.string().nullable(),
});
export type TrustedDevice = z.infer<typeof trustedDevice>;
