import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * docs/spec.md holds the SPEC as given and, after `## Index`, one table per section naming the code
 * that honours each rule and the tests that hold it. This keeps the index from rotting: every linked
 * path must exist, and every section must keep its heading and at least one indexed rule.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const docPath = resolve(root, "docs/spec.md");
const doc = readFileSync(docPath, "utf8");

const SECTION_HEADINGS = [
  "## 1. What the product does and for whom",
  "## 2. Screens and routes",
  "## 3. Entities and their fields",
  "## 4. States and transitions",
  "## 5. Validation rules",
  "## 6. Roles and permissions",
  "## 7. The calls it makes",
  "## 8. The error catalogue",
  "## 9. Business constants and limits",
];

const indexAt = doc.indexOf("\n## Index\n");
const specText = indexAt === -1 ? doc : doc.slice(0, indexAt);
const indexText = indexAt === -1 ? "" : doc.slice(indexAt);

/** Relative link targets, without any #fragment; web addresses are not files of ours. */
function linkedPaths(text: string): string[] {
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
  return targets.filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith("#")).map((t) => t.split("#")[0] ?? "");
}

/** The body rows (after header and separator) of the first `| rule | code | tests |` table in a text. */
function tableRows(text: string): string[][] {
  const lines = text.split("\n");
  const header = lines.findIndex((l) => /^\|\s*rule\s*\|\s*code\s*\|\s*tests\s*\|\s*$/.test(l));
  if (header === -1) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .slice(1, -1)
        .split("|")
        .map((c) => c.trim()),
    );
  }
  return rows;
}

/** The index's part for one section: from `### §n` to the next `##`/`###` heading. */
function sectionIndex(n: number): string {
  const start = indexText.search(new RegExp(`^### §${n}\\b`, "m"));
  if (start === -1) return "";
  const rest = indexText.slice(indexText.indexOf("\n", start) + 1);
  const end = rest.search(/^##/m);
  return end === -1 ? rest : rest.slice(0, end);
}

describe("docs/spec.md", () => {
  it("keeps the SPEC's nine section headings before the index", () => {
    expect(indexAt, "docs/spec.md has a ## Index").toBeGreaterThan(0);
    for (const heading of SECTION_HEADINGS) {
      expect(specText.split("\n"), heading).toContain(heading);
    }
  });

  it("links only to repository paths that exist", () => {
    const paths = linkedPaths(doc);
    expect(paths.length).toBeGreaterThan(0);
    const missing = paths.filter((p) => !existsSync(resolve(dirname(docPath), p)));
    expect(missing).toEqual([]);
    // Every link stays inside the repository.
    for (const p of paths) expect(resolve(dirname(docPath), p).startsWith(`${root}/`), p).toBe(true);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])("indexes §%i with at least one rule, its code and its tests", (n) => {
    const rows = tableRows(sectionIndex(n));
    expect(rows.length, `§${n} has an index table with rows`).toBeGreaterThan(0);
    for (const [rule, code, tests] of rows) {
      expect(rule, `§${n}: a row without a rule`).toBeTruthy();
      expect(code, `§${n} "${rule}": no code`).toBeTruthy();
      expect(tests, `§${n} "${rule}": tests say "—" when there are none`).toBeTruthy();
    }
  });

  it("lists in ## Gaps every section whose index has a rule without tests", () => {
    const gapsAt = indexText.indexOf("\n## Gaps\n");
    expect(gapsAt, "docs/spec.md has a ## Gaps section").toBeGreaterThan(0);
    const gaps = indexText.slice(gapsAt);
    for (let n = 1; n <= 9; n++) {
      const untested = tableRows(sectionIndex(n)).filter(([, , tests]) => tests === "—");
      if (untested.length > 0) expect(gaps, `§${n} has rules without tests`).toContain(`§${n}`);
    }
  });
});
