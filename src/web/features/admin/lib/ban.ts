import { z } from "zod";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

export const BAN_REASON_MAX = 500;

/** The reason is shown to the banned person when they try to sign in, so one is required. */
export const banReasonSchema = z
  .string()
  .refine((value) => value.trim().length > 0, { error: () => t("admin.ban.reasonMissing") })
  .refine((value) => value.length <= BAN_REASON_MAX, {
    error: () => t("admin.ban.reasonTooLong", { max: BAN_REASON_MAX }),
  });

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** How long a ban lasts: `never` ends only when an admin lifts it; the others are seconds. Labels are message ids. */
export const BAN_DURATIONS: { value: string; label: MessageId }[] = [
  { value: "never", label: "admin.ban.untilUnbanned" },
  { value: String(HOUR), label: "admin.ban.oneHour" },
  { value: String(DAY), label: "admin.ban.oneDay" },
  { value: String(7 * DAY), label: "admin.ban.sevenDays" },
  { value: String(30 * DAY), label: "admin.ban.thirtyDays" },
];

/** The `banExpiresIn` of a chosen duration: seconds, or undefined for a ban without end. */
export function banSeconds(duration: string): number | undefined {
  const seconds = Number(duration);
  return duration !== "never" && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
