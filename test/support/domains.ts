import type { TestDnsServer } from "./dns-server.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;
/** A fresh domain per test, so none sees another's claim. */
export function freshDomain(): string {
  counter += 1;
  return `acme-${Date.now().toString(36)}${counter}.test`;
}

/** One /api call: POST with `json`, else GET (or the given method); status, parsed body and headers. */
export async function domainsCall(
  t: Pick<TestApp, "request">,
  path: string,
  cookie: string | undefined,
  init: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on whatever JSON came back
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await t.request(`/api${path}`, {
    cookie,
    json: init.json,
    headers: init.headers,
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** Adds a domain as the owner, publishes its record in the test's DNS server, verifies it and sets joining. */
export async function verifiedDomain(
  t: Pick<TestApp, "request">,
  dns: TestDnsServer,
  ownerCookie: string,
  organizationId: string,
  joining: { joinMode: "off" | "auto" | "request"; defaultRole?: "member" | "admin" },
  domain = freshDomain(),
): Promise<{ id: string; domain: string }> {
  const base = `/organizations/${organizationId}/domains`;
  const added = await domainsCall(t, base, ownerCookie, { json: { domain } });
  if (added.status !== 201) throw new Error(`add domain: ${added.status} ${JSON.stringify(added.body)}`);
  dns.setTxt(added.body.record.name, [added.body.record.value]);
  const verified = await domainsCall(t, `${base}/${added.body.id}/verify`, ownerCookie, { json: {} });
  if (!verified.body?.verified)
    throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const set = await domainsCall(t, `${base}/${added.body.id}`, ownerCookie, {
    method: "PATCH",
    json: joining,
  });
  if (set.status !== 200) throw new Error(`join mode: ${set.status} ${JSON.stringify(set.body)}`);
  return { id: added.body.id, domain };
}
