import { APIError } from "better-auth/api";

/**
 * Shapes no Gatehouse request has, refused with 400 before any endpoint sees the body: every JSON body is
 * walked once (iteratively, so depth itself cannot overflow the stack) within these bounds. Deeper or
 * larger bodies only serve to make later code (serializers, validators, adapters) recurse or spin.
 */
export const JSON_BODY_LIMITS = { maxDepth: 32, maxValues: 10_000 } as const;

/** Keys that would change an object's prototype if ever copied with assignment semantics. */
const PROTOTYPE_KEYS = new Set(["__proto__"]);

const refuse = (code: string, message: string) => APIError.from("BAD_REQUEST", { code, message });

/** Throws a 400 for a body nested deeper than the limit, with too many values, or with a prototype key. */
export function checkJsonBody(body: unknown): void {
  if (body === null || typeof body !== "object") return;
  const stack: [unknown, number][] = [[body, 1]];
  let values = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    values += 1;
    if (values > JSON_BODY_LIMITS.maxValues) {
      throw refuse("BODY_TOO_LARGE", `Request body has more than ${JSON_BODY_LIMITS.maxValues} values`);
    }
    if (value === null || typeof value !== "object") continue;
    if (depth > JSON_BODY_LIMITS.maxDepth) {
      throw refuse(
        "BODY_TOO_DEEP",
        `Request body is nested more than ${JSON_BODY_LIMITS.maxDepth} levels deep`,
      );
    }
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.has(key)) throw refuse("INVALID_FIELD", `"${key}" is not an accepted field name`);
      stack.push([(value as Record<string, unknown>)[key], depth + 1]);
    }
  }
}

/**
 * Updates whose `data` must name at least one field the endpoint updates: better-auth would otherwise
 * build an UPDATE without a SET (a 500) once its schema has dropped unknown keys.
 */
const UPDATABLE: Record<string, readonly string[]> = {
  "/organization/update": ["name", "slug", "logo", "metadata"],
  "/organization/update-team": ["name"],
};

export function hasUpdateRule(path: string): boolean {
  return Object.hasOwn(UPDATABLE, path);
}

/** Throws better-auth's update-user answer ("No fields to update") as a 400 with a code. */
export function checkSomethingToUpdate(path: string, body: unknown): void {
  const fields = UPDATABLE[path];
  if (!fields) return;
  const data = (body as { data?: unknown } | null | undefined)?.data;
  const named =
    data !== null &&
    typeof data === "object" &&
    fields.some((f) => Object.hasOwn(data, f) && (data as Record<string, unknown>)[f] !== undefined);
  if (!named) {
    throw refuse("NO_FIELDS_TO_UPDATE", `No fields to update (data takes ${fields.join(", ")})`);
  }
}
