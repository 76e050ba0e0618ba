import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "#server/boot/config.ts";
import { AUDIT_RULES } from "#server/features/audit/plugin.ts";
import { csvCell } from "#server/http/csv.ts";
import { AUDIT_ACTION_NAMES } from "#shared/audit.ts";

const dir = mkdtempSync(join(tmpdir(), "gatehouse-audit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the audit catalogue, its documentation and its CSV cells", () => {
  it("documents every action but the webhook feature's own in docs/audit-events.md", () => {
    const doc = readFileSync(join(import.meta.dirname, "../../docs/audit-events.md"), "utf8");
    const missing = AUDIT_ACTION_NAMES.filter(
      (a) => !a.startsWith("webhook.") && !doc.includes(`| \`${a}\` |`),
    );
    expect(missing).toEqual([]);
  });

  it("has at most one rule per path, so no path records its action twice (but a join by invitation)", () => {
    // Accepting an invitation is two facts: invitation.accepted and member.added (audit-organization.test.ts
    // checks each is written exactly once).
    const twoEvents = new Set(["/organization/accept-invitation"]);
    const paths = AUDIT_RULES.map((rule) => String(rule.path));
    const counts = new Map<string, number>();
    for (const path of paths) counts.set(path, (counts.get(path) ?? 0) + 1);
    const repeated = [...counts].filter(([path, rules]) => rules > (twoEvents.has(path) ? 2 : 1));
    expect(repeated).toEqual([]);
    for (const path of twoEvents) expect(counts.get(path)).toBe(2);
  });

  it("quotes per RFC 4180 and neutralises formula cells", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("two\r\nlines")).toBe('"two\r\nlines"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}1+1`).replace(/^"/, "").startsWith("'")).toBe(true);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("keeps events 365 days unless AUDIT_RETENTION_DAYS says otherwise, and refuses nonsense", () => {
    expect(loadConfig({ DATA_DIR: dir }).auditRetentionDays).toBe(365);
    expect(loadConfig({ DATA_DIR: dir, AUDIT_RETENTION_DAYS: "30" }).auditRetentionDays).toBe(30);
    for (const bad of ["0", "-1", "ten", "1.5"]) {
      expect(() => loadConfig({ DATA_DIR: dir, AUDIT_RETENTION_DAYS: bad }), bad).toThrow(
        /AUDIT_RETENTION_DAYS/,
      );
    }
  });
});
