/**
 * The shape of a JSON answer, for comparing Gatehouse's answers with stock better-auth's: what the client
 * and its types see (top-level type, field names, field types), not the values. Dates travel as strings.
 */
export type Primitive = "null" | "string" | "number" | "boolean";
export type Shape =
  | Primitive
  /** The items of an empty array: nothing is known about them. */
  | "never"
  | { array: Shape }
  | { object: Record<string, Shape> }
  /** Array items or fields seen with more than one kind (e.g. a string in one item, null in another). */
  | { oneOf: Shape[] };

export function shape(value: unknown): Shape {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string" || value instanceof Date) return "string";
  if (typeof value === "number" || typeof value === "bigint") return "number";
  if (typeof value === "boolean") return "boolean";
  if (Array.isArray(value)) return { array: value.map(shape).reduce(merge, "never") };
  if (typeof value === "object") {
    const object: Record<string, Shape> = {};
    for (const [key, field] of Object.entries(value)) object[key] = shape(field);
    return { object };
  }
  return "string";
}

export function kindOf(s: Shape): string {
  if (typeof s === "string") return s;
  if ("array" in s) return "array";
  if ("object" in s) return "object";
  return s.oneOf.map(kindOf).join(" | ");
}

function alternatives(s: Shape): Shape[] {
  return typeof s === "object" && "oneOf" in s ? s.oneOf : [s];
}

/** One shape for two values seen in the same place (items of one array). */
export function merge(a: Shape, b: Shape): Shape {
  if (a === "never") return b;
  if (b === "never") return a;
  const merged: Shape[] = [];
  for (const alt of [...alternatives(a), ...alternatives(b)]) {
    const i = merged.findIndex((m) => kindOf(m) === kindOf(alt));
    const same = merged[i];
    if (same === undefined) merged.push(alt);
    else merged[i] = mergeSameKind(same, alt);
  }
  return merged.length === 1 ? (merged[0] as Shape) : { oneOf: merged };
}

function mergeSameKind(a: Shape, b: Shape): Shape {
  if (typeof a === "object" && typeof b === "object") {
    if ("array" in a && "array" in b) return { array: merge(a.array, b.array) };
    if ("object" in a && "object" in b) {
      const object: Record<string, Shape> = { ...a.object };
      for (const [key, s] of Object.entries(b.object)) {
        const known = object[key];
        object[key] = known === undefined ? s : merge(known, s);
      }
      return { object };
    }
  }
  return a;
}

/** A short readable form: `{ teams: [{ id: string, … }], total: number }`, nested `depth` levels. */
export function describe(s: Shape, depth = 2): string {
  if (typeof s === "string") return s;
  if ("oneOf" in s) return s.oneOf.map((alt) => describe(alt, depth)).join(" | ");
  if ("array" in s) return depth <= 0 ? "[…]" : `[${describe(s.array, depth - 1)}]`;
  const keys = Object.keys(s.object);
  if (depth <= 0 || keys.length === 0) return keys.length === 0 ? "{}" : "{…}";
  return `{ ${keys.map((k) => `${k}: ${describe(s.object[k] as Shape, depth - 1)}`).join(", ")} }`;
}

export interface CompareOptions {
  /**
   * Field names whose value may be null in one answer and set in the other (documented nullable in
   * better-auth's schema, and set or not depending on the data, not on the server).
   */
  nullable?: ReadonlySet<string>;
}

/**
 * Where `actual` (Gatehouse) is not a superset of `expected` (stock better-auth): the same top-level kind,
 * every expected key present with a compatible kind; extra keys are allowed. Empty list: compatible.
 */
export function compareShapes(
  expected: Shape,
  actual: Shape,
  options: CompareOptions = {},
  path = "(answer)",
): string[] {
  if (expected === "never") return [];
  if (actual === "never") return [`${path}: stock answers ${describe(expected, 1)} items, Gatehouse none`];
  const field = path.replace(/\[\]$/, "").split(".").pop() ?? "";
  const nullable = options.nullable?.has(field) ?? false;
  const differences: string[] = [];
  const actualAlts = alternatives(actual);
  for (const alt of alternatives(expected)) {
    const match = actualAlts.find((a) => kindOf(a) === kindOf(alt));
    if (match !== undefined) differences.push(...compareSameKind(alt, match, options, path));
    else if (!(nullable && (alt === "null" || actualAlts.every((a) => a === "null"))))
      differences.push(`${path}: stock answers ${describe(expected, 1)}, Gatehouse ${describe(actual, 1)}`);
  }
  const expectedKinds = alternatives(expected).map(kindOf);
  for (const alt of actualAlts) {
    if (expectedKinds.includes(kindOf(alt)) || (nullable && alt === "null")) continue;
    if (nullable && expectedKinds.every((k) => k === "null")) continue;
    const message = `${path}: stock answers ${describe(expected, 1)}, Gatehouse ${describe(actual, 1)}`;
    if (!differences.includes(message)) differences.push(message);
  }
  return differences;
}

function compareSameKind(expected: Shape, actual: Shape, options: CompareOptions, path: string): string[] {
  if (typeof expected !== "object" || typeof actual !== "object") return [];
  if ("array" in expected && "array" in actual)
    return compareShapes(expected.array, actual.array, options, `${path}[]`);
  if ("object" in expected && "object" in actual) {
    const differences: string[] = [];
    for (const [key, s] of Object.entries(expected.object)) {
      const there = actual.object[key];
      const at = path === "(answer)" ? key : `${path}.${key}`;
      if (there === undefined) differences.push(`${at}: missing (stock: ${describe(s, 1)})`);
      else differences.push(...compareShapes(s, there, options, at));
    }
    return differences;
  }
  return [];
}
