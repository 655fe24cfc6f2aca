/**
 * The CSV helper of the exports (issue 25), on a bare Fastify server: the download's headers, the
 * BOM and header line of an empty export, Jalali and ISO dates, the formula guard, and a client
 * that goes away mid-download stopping the reading of its rows (a real socket, a real abort).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { attachmentHeader, csvDateColumns, csvMobile, guardFormula, jalaliDateTime, sendCsv, type CsvColumn } from '../../src/lib/csv-export';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('guardFormula', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula, and leaves the rest', () => {
    for (const text of ['=1+2', '+98912', '-5', '@SUM(A1)', '\tx', '\rx']) expect(guardFormula(text)).toBe(`'${text}`);
    for (const text of ['دوره', 'a=b', '', "'=1"]) expect(guardFormula(text)).toBe(text);
  });
});

describe('csvMobile (issue 32 item 10)', () => {
  it('writes an Iranian mobile in its grouped national form, which needs no formula guard and stays text', () => {
    expect(csvMobile('+989121234567')).toBe('0912 123 4567');
    expect(guardFormula(csvMobile('+989121234567')!)).toBe('0912 123 4567');
    expect(csvMobile(null)).toBeNull();
    // Anything else as stored (the guard then applies, as to any text).
    expect(csvMobile('+447911123456')).toBe('+447911123456');
  });
});

describe('jalaliDateTime', () => {
  it('writes the Tehran wall time in the Jalali calendar with Latin digits', () => {
    // 1 Farvardin 1405 starts at 2026-03-20T20:30Z (Tehran is UTC+3:30).
    expect(jalaliDateTime(new Date('2026-03-20T20:30:00Z'))).toBe('1405/01/01 00:00:00');
    expect(jalaliDateTime(new Date('2026-03-20T20:29:59Z'))).toBe('1404/12/29 23:59:59');
    expect(jalaliDateTime(new Date('2026-11-25T23:32:05Z'))).toBe('1405/09/05 03:02:05');
  });

  it('agrees with Intl at instants some 7 minutes apart over a year with a daylight-saving summer, and before 1946', () => {
    const intl = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
      timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    const direct = (at: Date) => {
      const p = Object.fromEntries(intl.formatToParts(at).map((part) => [part.type, part.value]));
      return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
    };
    // 2008 had a summer at +4:30 (its changes included); 1930 was local mean time (+3:25:44).
    for (const [from, step, count] of [[Date.parse('2008-01-01T00:00:00Z'), 420_017, 75_500], [Date.parse('1930-06-01T00:00:00Z'), 7_001, 2_000]]) {
      for (let k = 0; k < count!; k++) {
        const at = new Date(from! + k * step!);
        const expected = direct(at);
        if (jalaliDateTime(at) !== expected) expect({ at: at.toISOString(), got: jalaliDateTime(at) }).toEqual({ at: at.toISOString(), got: expected });
      }
    }
  });
});

describe('attachmentHeader', () => {
  it('names the file in ASCII and in RFC 5987 form', () => {
    expect(attachmentHeader('orders-1405-09-05.csv')).toBe(`attachment; filename="orders-1405-09-05.csv"; filename*=UTF-8''orders-1405-09-05.csv`);
  });
});

interface Line {
  n: number;
  title: string;
  at: string | null;
}
const COLUMNS: Array<CsvColumn<Line>> = [
  { header: 'شماره', cell: (line) => line.n },
  { header: 'عنوان', cell: (line) => line.title },
  ...csvDateColumns<Line>('تاریخ', (line) => line.at),
];

describe('sendCsv', () => {
  let app: FastifyInstance;
  /** Pages of 100 lines handed to the export so far, and whether the source was closed. */
  const source = { pagesRead: 0, closed: false };
  async function* pagesOfLines(pages: number): AsyncGenerator<Line> {
    try {
      for (let page = 0; page < pages; page++) {
        source.pagesRead++;
        await new Promise((resolve) => setImmediate(resolve));
        for (let i = 0; i < 100; i++) yield { n: page * 100 + i, title: `دوره «${page}»، بخش ${i}`.padEnd(200, '.'), at: null };
      }
    } finally {
      source.closed = true;
    }
  }

  beforeAll(async () => {
    app = Fastify({ logger: false });
    const now = new Date('2026-11-25T23:32:00Z');
    app.get('/lines', (_request, reply) =>
      sendCsv(reply, { name: 'lines', columns: COLUMNS, rows: [
        { n: 1, title: '=HYPERLINK("http://example.com")', at: '2026-11-25T23:32:00.000Z' },
        { n: -2, title: 'دوره «اکسل»، مقدماتی\nخط دوم', at: null },
      ] }, now),
    );
    app.get('/empty', (_request, reply) => sendCsv(reply, { name: 'empty', columns: COLUMNS, rows: [] }, now));
    app.get('/endless', (_request, reply) => sendCsv(reply, { name: 'endless', columns: COLUMNS, rows: pagesOfLines(1000) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers a UTF-8 CSV download with a BOM, Persian headers, both dates and guarded text', async () => {
    const response = await app.inject({ url: '/lines' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(attachmentHeader('lines-1405-09-05.csv'));
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(BOM);
    const text = response.rawPayload.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('شماره,عنوان,تاریخ (شمسی، تهران),تاریخ (ISO 8601، UTC)');
    expect(parse(text)).toEqual([
      ['شماره', 'عنوان', 'تاریخ (شمسی، تهران)', 'تاریخ (ISO 8601، UTC)'],
      ['1', `'=HYPERLINK("http://example.com")`, '1405/09/05 03:02:00', '2026-11-25T23:32:00.000Z'],
      // A number is never guarded: it is no formula, and the cell stays a number.
      ['-2', 'دوره «اکسل»، مقدماتی\nخط دوم', '', ''],
    ]);
  });

  it('writes the BOM and the header line of an empty export', async () => {
    const response = await app.inject({ url: '/empty' });
    expect(response.rawPayload.toString('utf8')).toBe('\ufeffشماره,عنوان,تاریخ (شمسی، تهران),تاریخ (ISO 8601، UTC)\r\n');
  });

  it('refuses a file name that is not ASCII kebab-case', () => {
    const reply = { type: jest.fn() } as unknown as Parameters<typeof sendCsv>[0];
    expect(() => sendCsv(reply, { name: 'سفارش‌ها', columns: COLUMNS, rows: [] })).toThrow(/kebab-case/);
  });

  it('stops reading the rows when the client goes away', async () => {
    const { port } = app.server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path: '/endless' }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          // Some 200 KB in: the client goes away.
          if (bytes > 200_000) {
            request.destroy();
            resolve(bytes);
          }
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    for (let waited = 0; !source.closed && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(source.closed).toBe(true);
    const readWhenClosed = source.pagesRead;
    // 1 000 pages of 21 KB were there; it read about what was sent plus the buffers, and no more since.
    expect(received).toBeLessThan(2_000_000);
    expect(readWhenClosed).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(source.pagesRead).toBe(readWhenClosed);
  });
});
