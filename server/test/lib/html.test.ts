import { htmlToText, sanitizeDescription } from '../../src/lib/html';

describe('sanitizeDescription', () => {
  it('keeps the allowed formatting', () => {
    const html = '<h2>عنوان</h2><p>متن <strong>پررنگ</strong> و <em>کج</em><br></p><ul><li>یک</li></ul><blockquote>نقل</blockquote><pre><code>x</code></pre>';
    expect(sanitizeDescription(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts, styles, event handlers and unsafe links', () => {
    const out = sanitizeDescription(
      '<p onclick="x()">سلام<script>alert(1)</script><style>p{}</style></p><a href="javascript:alert(1)">بد</a><iframe src="https://x"></iframe>',
    );
    expect(out).toBe('<p>سلام</p><a rel="noopener noreferrer nofollow">بد</a>');
  });

  it('forces rel on links and allows images only from /media or https', () => {
    expect(sanitizeDescription('<a href="https://example.com" rel="opener">لینک</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">لینک</a>',
    );
    expect(sanitizeDescription('<img src="/media/posts/a.webp" alt="x">')).toBe('<img src="/media/posts/a.webp" alt="x" />');
    expect(sanitizeDescription('<img src="https://cdn.example.com/a.png">')).toBe('<img src="https://cdn.example.com/a.png" />');
    expect(sanitizeDescription('<img src="http://insecure.example.com/a.png"><img src="data:image/png;base64,AA">')).toBe('');
  });

  it('gives plain text for search and excerpts', () => {
    expect(htmlToText('<p>یک</p><p>دو&amp;سه</p>')).toBe('یک دو&سه');
  });
});
