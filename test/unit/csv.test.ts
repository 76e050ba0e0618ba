import { describe, expect, it } from "vitest";
import { CsvSyntaxError, csvLine, parseCsv } from "#server/http/csv.ts";

describe("CSV (http/csv.ts)", () => {
  it("reads RFC 4180: quotes, doubled quotes, line breaks in cells, CRLF or LF, a BOM, blank lines", () => {
    const text = '\uFEFFemail,roles\r\n"a@x.test","admin,member"\n\n"multi\nline ""q""",\r\nlast';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ["email", "roles"] },
      { line: 2, cells: ["a@x.test", "admin,member"] },
      { line: 4, cells: ['multi\nline "q"', ""] },
      { line: 6, cells: ["last"] },
    ]);
  });

  it("refuses what is not CSV, naming the line", () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(CsvSyntaxError);
    expect(() => parseCsv('a\n"open,b')).toThrow(/line 2/);
    expect(() => parseCsv('x"y')).toThrow(/quote inside/);
    expect(() => parseCsv('"a"b')).toThrow(/after a quoted cell/);
  });

  it("stops one record past the limit", () => {
    const text = Array.from({ length: 50 }, (_, i) => `r${i}`).join("\n");
    expect(parseCsv(text, 10)).toHaveLength(11);
  });

  it("writes what it reads back, formulas neutralised", () => {
    const cells = ["plain", 'say "hi", ok', "two\r\nlines", "=1+1", "-2", "@x", "\tt", null];
    const [read] = parseCsv(csvLine(cells));
    expect(read?.cells).toEqual(["plain", 'say "hi", ok', "two\r\nlines", "'=1+1", "'-2", "'@x", "'\tt", ""]);
  });
});
