import type { z } from "zod";

/**
 * The first problem a shared field rule (#shared/fields.ts, the server's own rules) finds in `value`, in the
 * current language (the rules speak through `setFieldWords`), or null when it passes: for fields checked one
 * at a time, where a form's schema resolver does not fit.
 */
export function fieldProblem(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
