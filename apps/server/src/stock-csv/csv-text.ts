import { parse } from "csv-parse/sync";

/** One record of a CSV file, with the line it starts on (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type ParsedCsv =
  | { ok: true; header: string[]; records: CsvRecord[] }
  | { ok: false; line: number; message: string };

/**
 * A CSV file as spreadsheets write it: comma, semicolon or tab between fields (whichever the
 * header line uses), fields in double quotes with doubled quotes inside and line breaks allowed,
 * an optional UTF-8 byte order mark, blank lines skipped. A broken file (an unclosed quote, a row
 * with more fields than the header) is refused with the line it broke on.
 */
export function parseCsv(text: string): ParsedCsv {
  const rows: { record: string[]; info: { lines: number }; raw: string }[] = [];
  try {
    const parsed = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count_less: true,
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
    rows.push(...parsed);
  } catch (error) {
    const { lines, message } = error as { lines?: number; message: string };
    return {
      ok: false,
      line: lines ?? 1,
      message: message.replace(/^Invalid Record Length: /, ""),
    };
  }
  const [header, ...records] = rows;
  if (!header) return { ok: false, line: 1, message: "The file is empty: it needs a header line." };
  return {
    ok: true,
    header: header.record,
    // The parser counts lines to a record's end; a quoted field may span several, and the raw
    // text starts with the blank lines skipped before it.
    records: records.map(({ record, info, raw }) => ({
      line: info.lines - (raw.replace(/^(\r?\n)+|\r?\n$/g, "").match(/\n/g)?.length ?? 0),
      cells: record,
    })),
  };
}

/** The header line's delimiter: whichever of comma, semicolon and tab it has most of. */
function delimiterOf(text: string): string {
  const headerLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", ";", "\t"].map((delimiter) => ({
    delimiter,
    count: headerLine.split(delimiter).length,
  }));
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).delimiter;
}

/**
 * Cells a spreadsheet would run as a formula (CSV injection): kept as text by a leading '. The
 * full-width signs too (＝＋－＠, U+FF1D, U+FF0B, U+FF0D, U+FF20), which some spreadsheets set up
 * for East Asian input read as the ASCII ones at the start of a cell.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** One CSV line (RFC 4180, CRLF), each cell quoted when it must be and never a formula. */
export function csvLine(cells: readonly (string | number)[]): string {
  return `${cells
    .map((cell) => {
      const text =
        typeof cell === "number" ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
      return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(",")}\r\n`;
}
