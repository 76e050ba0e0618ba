/** A user as far as their ban goes. */
export interface BannedUser {
  banReason?: string | null;
  banExpires?: Date | string | number | null;
}

/**
 * What a banned person is told, at sign-in and on the sign-in page after a ban ended their session. The end
 * is an ISO instant: the web writes it in the reader's zone and words (web lib/format.ts, localInstants).
 */
export function banMessage(user: BannedUser): string {
  const reason = user.banReason ? `: ${user.banReason}` : "";
  const ends = user.banExpires ? ` The suspension ends ${new Date(user.banExpires).toISOString()}.` : "";
  return `Your account is suspended${reason}.${ends}`;
}

/** Whether a ban is in force now: set, and without an end or with one still ahead. */
export function isBanned(user: BannedUser & { banned?: boolean | number | null }, now = Date.now()): boolean {
  return Boolean(user.banned) && (!user.banExpires || new Date(user.banExpires).getTime() > now);
}
