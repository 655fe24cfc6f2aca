import { formatFileSize } from './format-file-size';

describe('formatFileSize', () => {
  it('reads megabytes with one decimal from one megabyte on, whole kilobytes below, at least one', () => {
    expect(formatFileSize(2_516_582)).toBe('۲٫۴ مگابایت');
    expect(formatFileSize(1024 * 1024)).toBe('۱ مگابایت');
    expect(formatFileSize(800 * 1024)).toBe('۸۰۰ کیلوبایت');
    expect(formatFileSize(10)).toBe('۱ کیلوبایت');
  });
});
