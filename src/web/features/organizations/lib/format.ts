const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function toDate(value: Date | string | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : "—";
}

export function formatDateTime(value: Date | string | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : "—";
}

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

export function isPast(value: Date | string | null | undefined, now = Date.now()): boolean {
  const date = toDate(value);
  return date ? date.getTime() <= now : false;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
