import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"'`]+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/**
 * Plain text with its http(s) URLs turned into links. Everything else stays
 * text, so a mail can never inject markup into the page.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let url = match[0];
    const trailing = url.match(TRAILING_PUNCTUATION)?.[0] ?? "";
    if (trailing) url = url.slice(0, -trailing.length);
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Anchor key={`${start}-${url}`} href={url} style={{ overflowWrap: "anywhere" }}>
        {url}
      </Anchor>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
