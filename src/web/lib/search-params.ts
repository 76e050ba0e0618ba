import type { z } from "zod";

/**
 * A route's `validateSearch` from a zod schema: whatever the URL holds goes in, only well-formed
 * values come out (never arrays or objects), and every key stays optional for links.
 */
export function searchParams<Schema extends z.ZodType<object>>(schema: Schema) {
  return (search: Record<string, unknown>): z.output<Schema> => schema.parse(search);
}
