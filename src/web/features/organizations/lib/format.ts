import { toDate } from "#web/lib/format.ts";

/** "in 1 d 23 h", "in 5 min", or "expired": how long until an invitation expires. */
export function timeLeft(value: Date | string | null | undefined, now = Date.now()): string {
  const date = toDate(value);
  if (!date) return "—";
  const seconds = Math.floor((date.getTime() - now) / 1000);
  if (seconds <= 0) return "Expired";
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `Expires in ${days} d ${hours} h`;
  if (hours > 0) return `Expires in ${hours} h ${minutes} min`;
  if (minutes > 0) return `Expires in ${minutes} min`;
  return `Expires in ${seconds} s`;
}
