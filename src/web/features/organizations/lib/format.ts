import { t } from "#web/i18n/i18n.ts";
import { toDate } from "#web/lib/format.ts";

/** "Expires in 1 d 23 h", "Expires in 5 min", or "Expired": how long until an invitation expires. */
export function timeLeft(value: Date | string | null | undefined, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return "—";
  const seconds = Math.floor((date.getTime() - now) / 1000);
  if (seconds <= 0) return t("organizations.timeLeft.expired");
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t("organizations.timeLeft.days", { days, hours });
  if (hours > 0) return t("organizations.timeLeft.hours", { hours, minutes });
  if (minutes > 0) return t("organizations.timeLeft.minutes", { minutes });
  return t("organizations.timeLeft.seconds", { seconds });
}
