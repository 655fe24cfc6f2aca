/**
 * Reading a list in keyset pages (lib/keyset-rows.ts, issue 25 "Exports" and "Figures"): every row
 * once in the list's order, the next page read while the consumer takes the current one (and no
 * further), and a consumer that stops leaving no read behind that could fail unheard.
 */
import { keysetRows } from '../../src/lib/keyset-rows';

/** A list of `total` numbers, newest (largest) first, read `size` at a time after the last one read. */
function numberList(total: number) {
  const reads: Array<number | undefined> = [];
  const readPage = async (after: number | undefined, size: number) => {
    reads.push(after);
    await new Promise((resolve) => setImmediate(resolve));
    const from = after === undefined ? total : after - 1;
    return Array.from({ length: Math.max(0, Math.min(size, from)) }, (_, i) => from - i);
  };
  return { reads, readPage };
}

describe('keysetRows', () => {
  it('answers every row once, in the list\'s order, across full and short pages', async () => {
    const { reads, readPage } = numberList(25);
    const rows: string[] = [];
    for await (const row of keysetRows(readPage, (page) => page.map((n) => `#${n}`), 10)) rows.push(row);
    expect(rows).toEqual(Array.from({ length: 25 }, (_, i) => `#${25 - i}`));
    // After the short third page nothing more is read.
    expect(reads).toEqual([undefined, 16, 6]);
  });

  it('reads the next page while the consumer takes the current one, and only that one', async () => {
    const { reads, readPage } = numberList(100);
    const rows = keysetRows(readPage, (page) => page, 10);
    expect((await rows.next()).value).toBe(100);
    // The consumer holds the first page: the second is being read, the third is not.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toEqual([undefined, 91]);
    await rows.return(undefined);
  });

  it('leaves no unhandled failure when the consumer stops while the next page is being read', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let page = 0;
      const readPage = async () => {
        page++;
        await new Promise((resolve) => setImmediate(resolve));
        if (page > 1) throw new Error('the database went away');
        return [3, 2, 1];
      };
      const rows = keysetRows<number>(readPage, (rows) => rows, 3);
      expect((await rows.next()).value).toBe(3);
      await rows.return(undefined);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(page).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes a failed read on to the consumer that waits for its page', async () => {
    let page = 0;
    const readPage = async () => {
      if (++page > 1) throw new Error('the database went away');
      return [3, 2, 1];
    };
    const rows: number[] = [];
    await expect(
      (async () => {
        for await (const row of keysetRows<number>(readPage, (rows) => rows, 3)) rows.push(row);
      })(),
    ).rejects.toThrow('the database went away');
    expect(rows).toEqual([3, 2, 1]);
  });
});
