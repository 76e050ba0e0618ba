import { z } from "zod";

export const BAN_REASON_MAX = 500;

/** The reason is shown to the banned person when they try to sign in, so one is required. */
export const banReasonSchema = z
  .string()
  .refine((value) => value.trim().length > 0, "Enter a reason: the user sees it when they try to sign in")
  .refine((value) => value.length <= BAN_REASON_MAX, `Keep the reason under ${BAN_REASON_MAX} characters`);

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** How long a ban lasts: `never` ends only when an admin lifts it; the others are seconds. */
export const BAN_DURATIONS = [
  { value: "never", label: "Until unbanned" },
  { value: String(HOUR), label: "1 hour" },
  { value: String(DAY), label: "1 day" },
  { value: String(7 * DAY), label: "7 days" },
  { value: String(30 * DAY), label: "30 days" },
];

/** The `banExpiresIn` of a chosen duration: seconds, or undefined for a ban without end. */
export function banSeconds(duration: string): number | undefined {
  const seconds = Number(duration);
  return duration !== "never" && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
