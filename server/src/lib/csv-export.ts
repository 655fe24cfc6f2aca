/**
 * CSV exports of the dashboard's lists and summaries (issue 25 "Exports"; issue 26 reuses it for
 * users, comments and tickets). One way to answer a CSV: {@link sendCsv} streams rows through
 * csv-stringify into the reply in 64 KB chunks, so the file is never built in memory, in the form
 * Excel opens with its Persian intact:
 *
 * - UTF-8 with a byte order mark, `Content-Type: text/csv; charset=utf-8`, CRLF line ends (RFC 4180);
 * - `Content-Disposition: attachment` with an ASCII `filename` and the RFC 5987 `filename*`, named
 *   `<name>-<Jalali date in Tehran>.csv` (`orders-1405-09-05.csv`), and `Cache-Control: no-store`;
 * - Persian headers; amounts as plain whole tomans (no thousands separators); an instant as two
 *   columns ({@link csvDateColumns}): Jalali date and time in Tehran, and ISO 8601 UTC. Digits are
 *   Latin throughout, so a spreadsheet sorts and sums them;
 * - a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading
 *   apostrophe ({@link guardFormula}), so Excel never runs it as a formula (OWASP "CSV injection");
 *   a mobile is written so it needs none ({@link csvMobile}).
 *
 * Rows come from an (async) iterable read only as fast as the client takes the file: pair it with
 * keyset-rows.ts for a database list. A client that goes away destroys the reply's stream, which
 * ends the iterable (its `return()`), so no further page is read.
 *
 * @example
 * const rows = keysetRows((after, size) => readPage(where, after, size), toWire);
 * return sendCsv(reply, {
 *   name: 'discount-code-uses',
 *   columns: [
 *     { header: 'کد', cell: (use) => use.code },
 *     { header: 'تخفیف (تومان)', cell: (use) => use.amount },
 *     ...csvDateColumns('تاریخ استفاده', (use) => use.used_at),
 *   ],
 *   rows,
 * });
 */
import { pipeline, Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { TEHRAN_TIME_ZONE } from './jalali-periods';
import { CSV_TEXT } from './messages';

/** What a cell holds: text, a whole number (tomans, counts, ids), or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** One column of an export: its Persian header and the cell of a row. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row) => CsvCell;
}

/** An export: the file's ASCII name (without date or extension), its columns and its rows. */
export interface CsvExport<Row> {
  /** Lower-case ASCII letters, digits and dashes, e.g. `orders`; the file is `<name>-<Jalali date>.csv`. */
  name: string;
  columns: ReadonlyArray<CsvColumn<Row>>;
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/** MIME type of every export. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The route schema's `produces` and 200 answer of an export route (OpenAPI). */
export const csvRouteSchema = {
  produces: ['text/csv'],
  response200: { type: 'string', description: 'CSV (RFC 4180), UTF-8 with a BOM, Persian headers, streamed' },
} as const;

const FILE_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** First characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

const jalaliFormat = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
  timeZone: TEHRAN_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function jalaliParts(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = Object.fromEntries(jalaliFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const HALF_HOUR_MS = 30 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Formatted starts of UTC half hours, so a large export formats each half hour once. */
const halfHours = new Map<number, { prefix: string; minute: number } | null>();
const HALF_HOURS_KEPT = 4096;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `1405/09/05 14:30:05`: the Jalali date and time of an instant in Tehran, Latin digits.
 * Tehran's offset is a whole number of half hours (+3:30, +4:30 in past summers), so every UTC half
 * hour is one Tehran half hour of one day: its start is formatted by Intl once (the slow part of a
 * 200 000-row export) and the minutes and seconds added. Instants of another offset (local mean
 * time before 1946) are formatted whole.
 */
export function jalaliDateTime(instant: Date): string {
  const block = Math.floor(instant.getTime() / HALF_HOUR_MS);
  let start = halfHours.get(block);
  if (start === undefined) {
    const p = jalaliParts(new Date(block * HALF_HOUR_MS));
    const aligned = p.second === '00' && (p.minute === '00' || p.minute === '30');
    start = aligned ? { prefix: `${p.year}/${p.month}/${p.day} ${p.hour}:`, minute: Number(p.minute) } : null;
    if (halfHours.size >= HALF_HOURS_KEPT) halfHours.clear();
    halfHours.set(block, start);
  }
  if (start === null) {
    const p = jalaliParts(instant);
    return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
  }
  const into = instant.getTime() - block * HALF_HOUR_MS;
  return `${start.prefix}${pad(start.minute + Math.floor(into / MINUTE_MS))}:${pad(Math.floor((into % MINUTE_MS) / 1000))}`;
}

/** An Iranian mobile in E.164 (`+989121234567`), as the site stores every mobile (SPEC §5). */
const IRANIAN_E164 = /^\+98(9\d{2})(\d{3})(\d{4})$/;

/**
 * A mobile's cell (issue 32 item 10): an Iranian number in its national form grouped 4-3-4,
 * `0912 123 4567`, which no spreadsheet takes for a formula (so it needs no apostrophe) or for a
 * number (a bare `09121234567` would lose its leading zero); any other number as stored.
 */
export function csvMobile(mobile: string | null): string | null {
  const iranian = mobile === null ? null : IRANIAN_E164.exec(mobile);
  return iranian ? `0${iranian[1]} ${iranian[2]} ${iranian[3]}` : mobile;
}

/** A text cell as a spreadsheet may open it: a leading apostrophe before a formula's first character. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The two columns of an instant (issue 25): `<header> (شمسی، تهران)` as {@link jalaliDateTime}
 * and `<header> (ISO 8601، UTC)`; both empty when the row has none (an unpaid order's payment).
 */
export function csvDateColumns<Row>(header: string, instant: (row: Row) => Date | string | null): Array<CsvColumn<Row>> {
  const written = (row: Row, write: (at: Date) => string) => {
    const value = instant(row);
    return value === null ? null : write(new Date(value));
  };
  return [
    { header: CSV_TEXT.jalaliColumn(header), cell: (row) => written(row, jalaliDateTime) },
    { header: CSV_TEXT.isoColumn(header), cell: (row) => written(row, (at) => at.toISOString()) },
  ];
}

/** `attachment` with the ASCII name and its RFC 5987 form (RFC 6266). */
export function attachmentHeader(filename: string): string {
  return `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

async function* records<Row>(rows: CsvExport<Row>['rows'], columns: CsvExport<Row>['columns']): AsyncGenerator<CsvCell[]> {
  for await (const row of rows) {
    yield columns.map((column) => {
      const value = column.cell(row);
      return typeof value === 'string' ? guardFormula(value) : value;
    });
  }
}

/** Bytes of CSV passed on at once: the compressor and the socket get one write per 64 KB, not one per line. */
const CSV_CHUNK_BYTES = 64 * 1024;

/**
 * Joins the stringifier's lines into chunks of about {@link CSV_CHUNK_BYTES} (issue 25 "Figures":
 * fed line by line, brotli took five times as long over 200 000 lines, mostly in per-write costs).
 */
function chunked(): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  const take = () => {
    const chunk = Buffer.concat(parts, size);
    parts = [];
    size = 0;
    return chunk;
  };
  return new Transform({
    transform(line: Buffer, _encoding, done) {
      parts.push(line);
      size += line.length;
      done(null, size >= CSV_CHUNK_BYTES ? take() : undefined);
    },
    flush(done) {
      done(null, size > 0 ? take() : undefined);
    },
  });
}

/**
 * Answers `csv` as a streamed CSV download (see the file's comment for the format). Call it after
 * every check that may refuse (permission, filters): once the first row is written, a failure can
 * only cut the download short (Fastify logs it and closes the connection).
 * @param now the instant whose Tehran date names the file
 * @throws Error when `csv.name` is not lower-case ASCII with dashes (a programming error)
 */
export function sendCsv<Row>(reply: FastifyReply, csv: CsvExport<Row>, now: Date = new Date()): FastifyReply {
  if (!FILE_NAME.test(csv.name)) throw new Error(`CSV export name must be ASCII kebab-case: ${csv.name}`);
  const { year, month, day } = jalaliParts(now);
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: csv.columns.map((column) => column.header),
    record_delimiter: 'windows',
  });
  // Errors and an early close reach Fastify through the returned stream (it logs and closes the
  // connection); pipeline only has to destroy the source, which ends the rows' iterable.
  const body = pipeline(Readable.from(records(csv.rows, csv.columns)), stringifier, chunked(), () => {});
  return reply
    .type(CSV_CONTENT_TYPE)
    .header('content-disposition', attachmentHeader(`${csv.name}-${year}-${month}-${day}.csv`))
    .header('cache-control', 'no-store')
    .send(body);
}
