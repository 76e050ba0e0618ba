/** The characters after which a mail client's link detection looks for a scheme, a domain or a mailbox. */
const LINK_JOINTS = /[.:@]/g;
/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
/** A zero-width space: invisible, and not a character any link detection takes into an address. */
const ZERO_WIDTH_SPACE = "\u200b";

/**
 * A name someone chose (a user's, an organization's, a team's) as a mail shows it: between typographic
 * quotes so that it reads as a name, on one line whatever it holds (names written before control
 * characters were refused, or taken from a social provider's profile), and with a zero-width space before
 * each dot, colon and at sign so that neither part of the mail turns "http://…" or "www.…" in it into a link.
 */
export function quotedName(name: string): string {
  const oneLine = name.replace(CONTROLS, " ").replace(/\s+/g, " ").trim();
  return `“${oneLine.replace(LINK_JOINTS, (joint) => `${ZERO_WIDTH_SPACE}${joint}`)}”`;
}
