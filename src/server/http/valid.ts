import { validator } from "hono/validator";
import type { z } from "zod";

/** Where a request's input was read, as a refusal names it when the problem is with the whole of it. */
const WHOLE = { json: "body", param: "param", query: "query" } as const;

/**
 * The product API's refusal of input a zod check turned down: `400 {code: "INVALID_FIELD", message}`, the
 * message naming the first bad field ("url: …", "limit: …"), or the whole input when no field is to blame.
 */
export function invalidField(error: z.ZodError, where: keyof typeof WHOLE) {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || WHOLE[where];
  return { code: "INVALID_FIELD", message: `${field}: ${issue?.message ?? "invalid"}` } as const;
}

/** A zod check as a Hono validator: the parsed value, or 400 INVALID_FIELD naming the first bad field. */
export function valid<Target extends keyof typeof WHOLE, T extends z.ZodType>(target: Target, schema: T) {
  return validator(target, (value, c) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as z.infer<T>;
    return c.json(invalidField(parsed.error, target), 400);
  });
}
