import type { z } from "zod";
import { t } from "#web/i18n/i18n.ts";
import type { MessageId } from "#web/i18n/message-id.ts";

/** The kinds of problem a shared field schema reports, each said by a screen in its own words. */
export interface ProblemWords {
  /** Empty (a minimum of 1). */
  missing?: MessageId;
  /** Under a minimum above 1. */
  tooShort?: MessageId;
  tooLong?: MessageId;
  /** Not of the pattern. */
  format?: MessageId;
  /** Any other rule (e.g. control characters in a name). */
  other?: MessageId;
}

/**
 * The first problem the shared schema (src/shared/fields.ts: the server's own rules) finds in `value`, in
 * the current language, or null when it passes. The schema's English messages are the server's; the web
 * says them by the kind of issue instead.
 */
export function problemOf(schema: z.ZodType, value: unknown, words: ProblemWords): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const id =
    issue?.code === "too_small"
      ? Number(issue.minimum) <= 1
        ? (words.missing ?? words.tooShort)
        : (words.tooShort ?? words.missing)
      : issue?.code === "too_big"
        ? words.tooLong
        : issue?.code === "invalid_format"
          ? words.format
          : undefined;
  const chosen = id ?? words.other;
  return chosen ? t(chosen) : (issue?.message ?? null);
}
