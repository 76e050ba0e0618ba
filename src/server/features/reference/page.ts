// biome-ignore lint/suspicious/noExplicitAny: a JSON tree walked generically
type Json = any;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function anchor(method: string, path: string): string {
  return `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-").replace(/-+$/, "");
}

/** A schema in a few words: `string`, `array of Organization`, `object`, `"a" | "b"`. */
function typeOf(schema: Json): string {
  if (!schema || typeof schema !== "object") return "any";
  if (schema.$ref) return String(schema.$ref).split("/").pop() ?? "object";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) return variants.map(typeOf).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `array of ${typeOf(schema.items)}`;
  return type ?? "object";
}

/** The fields of an object schema (one level), as table rows. */
function fieldRows(schema: Json, components: Json): string {
  const resolved = schema?.$ref ? components?.[String(schema.$ref).split("/").pop() ?? ""] : schema;
  const properties = resolved?.properties;
  if (!properties || typeof properties !== "object") return "";
  const required = new Set<string>(resolved.required ?? []);
  return Object.entries(properties as Record<string, Json>)
    .map(
      ([name, field]) =>
        `<tr><td><code>${esc(name)}</code>${required.has(name) ? " <small>required</small>" : ""}</td><td>${esc(
          typeOf(field),
        )}</td><td>${esc(field?.description ?? "")}</td></tr>`,
    )
    .join("");
}

function table(caption: string, rows: string): string {
  return rows
    ? `<table><caption>${esc(caption)}</caption><thead><tr><th scope="col">name</th><th scope="col">type</th><th scope="col">description</th></tr></thead><tbody>${rows}</tbody></table>`
    : "";
}

function operationHtml(method: string, path: string, op: Json, components: Json): string {
  const parameters = (op.parameters ?? []) as Json[];
  const parameterRows = parameters
    .map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code> <small>${esc(p.in)}${p.required ? ", required" : ""}</small></td><td>${esc(
          typeOf(p.schema),
        )}</td><td>${esc(p.description ?? "")}</td></tr>`,
    )
    .join("");
  const body = op.requestBody?.content?.["application/json"]?.schema;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .map(([status, answer]) => {
      const content = answer?.content ?? {};
      const [contentType, media] = (Object.entries(content)[0] ?? []) as [string | undefined, Json];
      const shape = media?.schema ? ` — <code>${esc(typeOf(media.schema))}</code>` : "";
      return `<li><strong>${esc(status)}</strong> ${esc(answer?.description ?? "")}${
        contentType && contentType !== "application/json" ? ` (${esc(contentType)})` : ""
      }${shape}</li>`;
    })
    .join("");
  const security = (op.security ?? []) as Json[];
  const needs = security.flatMap((s) => Object.keys(s));
  const access =
    needs.length === 0
      ? "none"
      : `${needs.join(" or ")}${security.some((s) => !Object.keys(s).length) ? " (optional)" : ""}`;
  return `<section class="op" id="${anchor(method, path)}" aria-labelledby="${anchor(method, path)}-h">
<h3 id="${anchor(method, path)}-h"><span class="method ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary ?? op.description ?? "")}</p>
<p class="meta">Credentials: ${esc(access)}${op.operationId ? ` · operationId <code>${esc(op.operationId)}</code>` : ""}</p>
${table("Parameters", parameterRows)}${body ? table(`Request body (JSON): ${typeOf(body)}`, fieldRows(body, components)) : ""}
<h4>Responses</h4><ul>${responses}</ul></section>`;
}

/**
 * The API reference as one static page rendered from the OpenAPI document: no scripts, no CDN, nothing but
 * inline styles (allowed by Gatehouse's Content-Security-Policy), light and dark from the system setting.
 */
export function renderReferencePage(doc: Json): string {
  const components = doc.components?.schemas ?? {};
  const byTag = new Map<string, string[]>();
  const toc = new Map<string, string[]>();
  for (const [path, operations] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = operations[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op, components)]);
      toc.set(tag, [
        ...(toc.get(tag) ?? []),
        `<li><a href="#${anchor(method, path)}">${method.toUpperCase()} ${esc(path)}</a></li>`,
      ]);
    }
  }
  const tags = ((doc.tags ?? []) as Json[]).filter((t) => byTag.has(t.name));
  const tagId = (name: string) => `tag-${anchor("", name).replace(/^-/, "")}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info?.title ?? "API")} reference</title>
<style>
:root{color-scheme:light dark;--fg:#1a1b1e;--bg:#fff;--muted:#495057;--line:#dee2e6;--code:#f1f3f5;--link:#1864ab}
@media (prefers-color-scheme:dark){:root{--fg:#e9ecef;--bg:#1a1b1e;--muted:#ced4da;--line:#373a40;--code:#25262b;--link:#74c0fc}}
body{margin:0;font:15px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}main{max-width:60rem;margin:0 auto;padding:1rem 1.25rem 4rem;overflow-wrap:break-word}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--code);padding:0 .25em;border-radius:3px;overflow-wrap:anywhere}
.op{border-top:1px solid var(--line);padding:.75rem 0}.op h3{font-size:1rem;margin:.25rem 0}
.method{display:inline-block;min-width:3.5rem;font:600 .8rem ui-monospace,monospace;padding:.1rem .4rem;border-radius:3px;color:#fff;background:#1864ab;text-align:center}
.method.post{background:#1b5e20}.meta{color:var(--muted);font-size:.9rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}td{overflow-wrap:break-word}td:first-child code,td:nth-child(2){overflow-wrap:anywhere}td:nth-child(2){min-width:4.5em}
caption{text-align:left;font-weight:600;padding:.25rem 0}th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
nav ul{columns:2 18rem;padding-left:1.25rem;font-size:.9rem}h2{margin-top:2.5rem}
</style></head>
<body><main>
<h1>${esc(doc.info?.title ?? "API")} reference</h1>
<p>${esc(doc.info?.description ?? "")}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}). Server: <code>${esc(
    doc.servers?.[0]?.url ?? "",
  )}</code>.</p>
<nav aria-label="Contents"><h2>Contents</h2>${tags
    .map(
      (t) =>
        `<h3><a href="#${tagId(t.name)}">${esc(t.name)}</a></h3><ul>${(toc.get(t.name) ?? []).join("")}</ul>`,
    )
    .join("")}</nav>
${tags
  .map(
    (t) =>
      `<section aria-labelledby="${tagId(t.name)}"><h2 id="${tagId(t.name)}">${esc(t.name)}</h2><p>${esc(
        t.description ?? "",
      )}</p>${(byTag.get(t.name) ?? []).join("\n")}</section>`,
  )
  .join("\n")}
</main></body></html>`;
}
