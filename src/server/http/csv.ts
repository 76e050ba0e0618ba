/**
 * CSV (RFC 4180), both ways: the cells of exports (audit log, members, invitations) and the rows of imports
 * (bulk invitations). The one reading and writing of the format in the server.
 */

/** Characters that make a spreadsheet read a cell as a formula (and tab / CR, which some strip first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled; a cell that a
 * spreadsheet would run as a formula gets a leading apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CRLF-terminated record of cells, each written by csvCell. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A file or request body that is not CSV: a quoted cell never closed, or a quote inside an unquoted cell. */
export class CsvSyntaxError extends Error {
  constructor(
    /** The 1-based line where the bad cell starts. */
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** One record read from a CSV text, with the line it starts on (1-based; quoted line breaks count). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The records of a CSV text (RFC 4180; LF line ends accepted as well as CRLF, a leading byte-order mark
 * dropped). Blank lines are skipped. `maxRecords`: reading stops once one more record than that is found,
 * so a huge file costs no more than the limit (the caller sees the surplus record and refuses).
 */
export function parseCsv(text: string, maxRecords = Number.POSITIVE_INFINITY): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < source.length && records.length <= maxRecords) {
    const start = line;
    const cells: string[] = [];
    let ended = false;
    while (!ended) {
      let cell = "";
      if (source[i] === '"') {
        const open = line;
        i += 1;
        for (;;) {
          if (i >= source.length) throw new CsvSyntaxError(open, "a quoted cell is never closed");
          const ch = source[i] as string;
          if (ch === '"') {
            if (source[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (ch === "\n") line += 1;
          cell += ch;
          i += 1;
        }
        const next = source[i];
        if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") {
          throw new CsvSyntaxError(line, "text after a quoted cell's closing quote");
        }
      } else {
        while (i < source.length && !",\r\n".includes(source[i] as string)) {
          if (source[i] === '"') throw new CsvSyntaxError(line, "a quote inside an unquoted cell");
          cell += source[i];
          i += 1;
        }
      }
      cells.push(cell);
      const sep = source[i];
      if (sep === ",") i += 1;
      else {
        if (sep === "\r") i += 1;
        if (source[i] === "\n") i += 1;
        line += 1;
        ended = true;
      }
    }
    if (cells.length > 1 || (cells[0] ?? "").trim() !== "") records.push({ line: start, cells });
  }
  return records;
}
