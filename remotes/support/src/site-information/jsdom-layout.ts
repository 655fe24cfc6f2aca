/**
 * jsdom has no layout: ProseMirror (under Tiptap) asks where the cursor is on screen when it
 * scrolls the selection into view and when it reads a click. Tests of pages with the rich-text
 * editor call this once at the top of the file; every rectangle is empty, as on a hidden page.
 */
export function stubLayoutForEditor(): void {
  const empty = () => new DOMRect(0, 0, 0, 0);
  const rects = () => Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;
  beforeAll(() => {
    Range.prototype.getBoundingClientRect = empty;
    Range.prototype.getClientRects = rects;
    document.elementFromPoint = () => null;
  });
}
