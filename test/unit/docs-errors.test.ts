import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";

/**
 * docs/errors.md against the code: every error code that the routes of the provider, applications and API
 * keys (issue 15), strong sign-in (issue 16), webhooks and the audit API (issue 17), the organization
 * features (issue 18) and single sign-on and SCIM (issue 19) answer with has a row in the catalogue. The codes are read from their source the way
 * it writes them, not from a list kept here:
 * - the value of a `code` property (`{ code: "X", message }`), through a conditional's branches and through
 *   a constant object's member (`code: ERROR_CODES.x`);
 * - the value of an `error` property shaped like an OAuth code (`{ error: "invalid_grant" }`, RFC 6749 §5.2);
 * - the argument given to a parameter named `code` or `error` of a function or class declared in these
 *   files (`refusal(403, "X", …)`, `new BulkInputError(413, "X", …)`, `oauthError("…", "invalid_grant", …)`).
 * Codes that only better-auth's own plugins answer are not in our source; the catalogue lists them by hand.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const doc = readFileSync(resolve(root, "docs/errors.md"), "utf8");

/** The files that answer these routes' requests (a folder: every .ts file under it). */
const SOURCES = [
  // Issue 15: the OpenID provider's guards, the Applications admin and connected apps, API keys.
  "src/server/auth/identity-guards.ts",
  "src/server/auth/identity-registration.ts",
  "src/server/features/applications",
  "src/server/auth/api-keys.ts",
  "src/server/auth/api-key-access.ts",
  // Issue 16: two-factor, passkeys, email codes and links, security mails, two-factor policies.
  "src/server/features/accounts/two-factor.ts",
  "src/server/features/accounts/trusted-devices.ts",
  "src/server/features/accounts/sign-in-methods.ts",
  "src/server/auth/passkeys.ts",
  "src/server/auth/email-sign-in.ts",
  "src/server/auth/security-mails.ts",
  // Both two-factor policies' refusals (the admin area's guards in features/admin/two-factor-guard.ts use them).
  "src/server/auth/two-factor-compliance.ts",
  "src/server/features/admin/routes.ts",
  // Issue 17: webhooks and the audit API.
  "src/server/features/webhooks",
  "src/server/features/audit/routes.ts",
  "src/server/features/audit/query.ts",
  // Issue 18 and the organization features before it: invitations, invite links, bulk invitations, custom
  // roles, ownership transfer, verified domains, two-factor policy.
  "src/server/features/organizations",
  // Issue 19: single sign-on (connections, their rules on better-auth's endpoints, the sign-in's refusals and
  // error-screen codes, SSO required) and SCIM (its connections; the protocol's RFC 7644 errors carry no code).
  "src/server/features/sso",
  "src/server/features/scim",
];

/** Constants the sources take codes from (`code: ERROR_CODES.x`); nothing is collected from them. */
const CONSTANT_SOURCES = ["src/shared/error-codes.ts"];

/** An RFC 6749 error code: lower-case words joined by underscores. */
const OAUTH_CODE = /^[a-z]+(?:_[a-z]+)*$/;

function filesOf(path: string): string[] {
  const full = resolve(root, path);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(full, name))
    .sort();
}

// biome-ignore lint/suspicious/noExplicitAny: an ESTree node from the parser, walked generically
type Node = any;

function parse(file: string): Node {
  return parseAst(readFileSync(file, "utf8"), { lang: "ts", sourceType: "module" }, file);
}

function walk(node: Node, visit: (node: Node) => void): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (typeof node.type === "string") visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key !== "type" && value && typeof value === "object") walk(value, visit);
  }
}

/** `x as const`, `x satisfies T`, `(x)`: the expression inside. */
function unwrap(node: Node): Node {
  let current = node;
  while (
    current &&
    ["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "ParenthesizedExpression"].includes(
      current.type,
    )
  )
    current = current.expression;
  return current;
}

const nameOf = (key: Node): string | undefined =>
  key?.type === "Identifier" ? key.name : typeof key?.value === "string" ? key.value : undefined;

/** `NAME = { key: "LITERAL", … }` objects anywhere in the files, for `code: NAME.key`. */
function constantsOf(trees: Node[]): Map<string, string> {
  const constants = new Map<string, string>();
  for (const tree of trees) {
    walk(tree, (node) => {
      if (node.type !== "VariableDeclarator" || node.id?.type !== "Identifier") return;
      const value = unwrap(node.init);
      if (value?.type !== "ObjectExpression") return;
      for (const property of value.properties) {
        const literal = unwrap(property.value);
        const key = nameOf(property.key);
        if (key && typeof literal?.value === "string") constants.set(`${node.id.name}.${key}`, literal.value);
      }
    });
  }
  return constants;
}

/** The string values an expression may have: a literal, a conditional's branches, a known constant. */
function valuesOf(node: Node, constants: Map<string, string>): string[] {
  const value = unwrap(node);
  if (!value) return [];
  if (value.type === "Literal" && typeof value.value === "string") return [value.value];
  if (value.type === "ConditionalExpression")
    return [...valuesOf(value.consequent, constants), ...valuesOf(value.alternate, constants)];
  if (value.type === "MemberExpression" && value.object?.type === "Identifier" && !value.computed) {
    const constant = constants.get(`${value.object.name}.${value.property.name}`);
    return constant === undefined ? [] : [constant];
  }
  return [];
}

/** A declared parameter's name, through `readonly code: string` and `code = "…"`. */
function parameterName(param: Node): string | undefined {
  const inner = param.type === "TSParameterProperty" ? param.parameter : param;
  const target = inner.type === "AssignmentPattern" ? inner.left : inner;
  return target.type === "Identifier" ? target.name : undefined;
}

/** Functions and classes declared in the files, by name: the position of their `code` or `error` parameter. */
function codeParameters(trees: Node[]): Map<string, number> {
  const positions = new Map<string, number>();
  const record = (name: string | undefined, params: Node[] | undefined) => {
    const index = (params ?? []).findIndex((p) => ["code", "error"].includes(parameterName(p) ?? ""));
    if (name && index !== -1) positions.set(name, index);
  };
  for (const tree of trees) {
    walk(tree, (node) => {
      if (node.type === "FunctionDeclaration") record(node.id?.name, node.params);
      if (node.type === "VariableDeclarator" && node.id?.type === "Identifier") {
        const init = unwrap(node.init);
        if (init?.type === "ArrowFunctionExpression" || init?.type === "FunctionExpression")
          record(node.id.name, init.params);
      }
      if (node.type === "ClassDeclaration") {
        const init = node.body.body.find((m: Node) => m.kind === "constructor");
        record(node.id?.name, init?.value.params);
      }
    });
  }
  return positions;
}

interface Found {
  code: string;
  file: string;
}

function codesInSources(): Found[] {
  const files = SOURCES.flatMap(filesOf);
  const trees = files.map(parse);
  const constants = constantsOf([...trees, ...CONSTANT_SOURCES.flatMap(filesOf).map(parse)]);
  const positions = codeParameters(trees);
  const found: Found[] = [];
  trees.forEach((tree, i) => {
    const file = relative(root, files[i] ?? "");
    const add = (codes: string[]) => {
      for (const code of codes) found.push({ code, file });
    };
    walk(tree, (node) => {
      if (node.type === "Property" && !node.computed) {
        const key = nameOf(node.key);
        if (key === "code") add(valuesOf(node.value, constants));
        if (key === "error") add(valuesOf(node.value, constants).filter((v) => OAUTH_CODE.test(v)));
      }
      if (
        (node.type === "CallExpression" || node.type === "NewExpression") &&
        node.callee.type === "Identifier"
      ) {
        const index = positions.get(node.callee.name);
        if (index !== undefined) add(valuesOf(node.arguments[index], constants));
      }
    });
  });
  return found;
}

/** The codes named in the first two cells of the catalogue's table rows (code, or SPEC message and code). */
function documentedCodes(): Set<string> {
  const codes = new Set<string>();
  for (const line of doc.split("\n")) {
    if (!line.startsWith("|") || /^\|\s*-/.test(line)) continue;
    const cells = line.split("|").slice(1, 3).join(" ");
    for (const match of cells.matchAll(/[A-Za-z][A-Za-z0-9_]*/g)) codes.add(match[0]);
  }
  return codes;
}

describe("docs/errors.md", () => {
  const found = codesInSources();

  it("reads codes from every source it is given", () => {
    // Each file or folder listed answers with codes of its own: one this reading finds none in was moved, or
    // writes its codes in a way the reading misses (and would then pass unchecked).
    for (const source of SOURCES) {
      const under = found.filter((f) => f.file === source || f.file.startsWith(`${source}/`));
      expect(under.length, source).toBeGreaterThan(0);
    }
  });

  it("has a row for every error code these routes answer with", () => {
    const documented = documentedCodes();
    const missing = found.filter((f) => !documented.has(f.code)).map((f) => `${f.code} (${f.file})`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
