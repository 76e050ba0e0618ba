// SCIM sync (issue 19): "Sync of 10 000 users by a client sending requests one after another completes in under
// 2 minutes on SQLite and PostgreSQL". One client on loopback, as a directory does it: POST /Users one after
// another, then a few groups pushed with member PATCHes. Writes bench/RESULTS-scim[-setup].md.
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const TARGET_SECONDS = 120;

interface Server {
  name: string;
  url: string;
}

export interface ScimBenchDeps<T extends Server> {
  target: T;
  signedInUser(target: T, email: string): Promise<string>;
  post(target: T, path: string, body: unknown, cookie?: string): Promise<Response>;
  setup: string;
  /** People to provision. @default 10 000 */
  users?: number;
}

const SCIM_USER = "urn:ietf:params:scim:schemas:core:2.0:User";
const SCIM_GROUP = "urn:ietf:params:scim:schemas:core:2.0:Group";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const GROUPS = 5;
const MEMBERS_PER_PATCH = 50;
const PATCHES_PER_GROUP = 4;

async function json(res: Response, what: string, status: number) {
  const text = await res.text();
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

export async function scimBench<T extends Server>(deps: ScimBenchDeps<T>): Promise<string> {
  const { target } = deps;
  const users = deps.users ?? 10_000;
  const cookie = await deps.signedInUser(target, "scim-owner@gatehouse.test");
  const org = await json(
    await deps.post(
      target,
      "/api/auth/organization/create",
      { name: "SCIM bench", slug: `scim-${Date.now()}` },
      cookie,
    ),
    "create organization",
    200,
  );
  const made = await json(
    await deps.post(target, `/api/organizations/${org.id}/scim/connections`, { name: "Bench IdP" }, cookie),
    "create SCIM connection",
    201,
  );
  const base = made.connection.baseUrl.replace(/^https?:\/\/[^/]+/, target.url);
  const headers = { authorization: `Bearer ${made.token}`, "content-type": "application/scim+json" };
  const scim = (method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

  const ids: string[] = [];
  // Other work on the machine slows a sequential client at once: the report says how busy it was.
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  for (let i = 0; i < users; i++) {
    const email = `person.${i}@bench-corp.test`;
    const res = await scim("POST", "/Users", {
      schemas: [SCIM_USER],
      userName: email,
      externalId: `ext-${i}`,
      name: { givenName: "Person", familyName: String(i) },
      displayName: `Person ${i}`,
      emails: [{ primary: true, type: "work", value: email }],
      active: true,
    });
    ids.push((await json(res, `POST /Users #${i}`, 201)).id);
    if ((i + 1) % 1000 === 0)
      process.stdout.write(
        `  scim: ${i + 1} users, ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
      );
  }
  const usersDone = performance.now();
  let groupRequests = 0;
  for (let g = 0; g < GROUPS; g++) {
    const group = await json(
      await scim("POST", "/Groups", { schemas: [SCIM_GROUP], displayName: `Bench group ${g}` }),
      "POST /Groups",
      201,
    );
    groupRequests++;
    for (let p = 0; p < PATCHES_PER_GROUP; p++) {
      const from = (g * PATCHES_PER_GROUP + p) * MEMBERS_PER_PATCH;
      const value = ids.slice(from, from + MEMBERS_PER_PATCH).map((value) => ({ value }));
      await json(
        await scim("PATCH", `/Groups/${group.id}`, {
          schemas: [PATCH_OP],
          Operations: [{ op: "add", path: "members", value }],
        }),
        "PATCH /Groups",
        200,
      );
      groupRequests++;
    }
  }
  const ended = performance.now();
  const total = (ended - started) / 1000;
  const requests = users + groupRequests;
  // The target is for 10 000 people; a smaller run (--scim-users) is scaled to it.
  const projected = (total * 10_000) / users;
  const verdict = projected <= TARGET_SECONDS ? "meets" : "MISSES";
  const report = [
    `# SCIM sync benchmark (${deps.setup})`,
    "",
    `Run ${new Date().toISOString()} with \`npm run bench -- --only scim${deps.setup === "sqlite" ? "" : ` --db ${deps.setup.split("-")[0]}`}\`; Node ${process.version}.`,
    "One client on loopback sends every request after the previous answer (as Okta and Entra ID do): POST /Users",
    `for ${users} people (each: an account, a SCIM record, a membership, its audit events), then ${GROUPS} groups`,
    `created and ${GROUPS * PATCHES_PER_GROUP} PATCHes adding ${MEMBERS_PER_PATCH} members each (teams and team members).`,
    "",
    `Machine load (1-minute average, ${cpus().length} cores): ${loadBefore.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end.`,
    "",
    "| part | requests | seconds | requests/s |",
    "|---|---|---|---|",
    `| POST /Users | ${users} | ${((usersDone - started) / 1000).toFixed(1)} | ${(users / ((usersDone - started) / 1000)).toFixed(0)} |`,
    `| groups (POST + member PATCHes) | ${groupRequests} | ${((ended - usersDone) / 1000).toFixed(1)} | ${(groupRequests / ((ended - usersDone) / 1000)).toFixed(1)} |`,
    `| whole sync | ${requests} | ${total.toFixed(1)} | ${(requests / total).toFixed(0)} |`,
    "",
    `Target: a sync of 10 000 people under ${TARGET_SECONDS} s — ${verdict} it (${users === 10_000 ? "" : "projected "}${projected.toFixed(1)} s).`,
    "",
  ].join("\n");
  const file = join(ROOT, "bench", `RESULTS-scim${deps.setup === "sqlite" ? "" : `-${deps.setup}`}.md`);
  writeFileSync(file, report);
  process.stdout.write(`${report}\nwritten ${file}\n`);
  return file;
}
