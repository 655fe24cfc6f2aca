import { hasScriptMarkup, htmlToText, sanitizeRichText } from '../../src/lib/html';

describe('sanitizeRichText', () => {
  it('keeps the allowed formatting', () => {
    const html = '<h2>عنوان</h2><p>متن <strong>پررنگ</strong> و <em>کج</em><br></p><ul><li>یک</li></ul><blockquote>نقل</blockquote><pre><code>x</code></pre>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('drops scripts, styles, event handlers and unsafe links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()">سلام<script>alert(1)</script><style>p{}</style></p><a href="javascript:alert(1)">بد</a><iframe src="https://x"></iframe>',
    );
    expect(out).toBe('<p>سلام</p><a rel="noopener noreferrer nofollow">بد</a>');
  });

  it('forces rel on links and allows images only from /media or https', () => {
    expect(sanitizeRichText('<a href="https://example.com" rel="opener">لینک</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">لینک</a>',
    );
    expect(sanitizeRichText('<img src="/media/posts/a.webp" alt="x">')).toBe('<img src="/media/posts/a.webp" alt="x" />');
    expect(sanitizeRichText('<img src="https://cdn.example.com/a.png">')).toBe('<img src="https://cdn.example.com/a.png" />');
    expect(sanitizeRichText('<img src="http://insecure.example.com/a.png"><img src="data:image/png;base64,AA">')).toBe('');
  });

  it('keeps what the Tiptap editor writes: underline, strike, rules, directions and alignment (issue 8)', () => {
    const html =
      '<h3 dir="rtl" style="text-align: center">بند</h3><p dir="auto"><u>زیر</u> <s>خط</s> <code>x</code></p><hr />' +
      '<ol start="3"><li dir="ltr"><p>سه</p></li></ol><p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com">پیوند</a></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('text-align: center', 'text-align:center'));
  });

  it('drops other styles, directions and tags but keeps their text', () => {
    expect(
      sanitizeRichText('<p dir="sideways" style="color: red; text-align: left" class="x"><span>متن</span><strike>کهنه</strike></p><h1>سر</h1>'),
    ).toBe('<p dir style="text-align:left">متن<s>کهنه</s></p>سر');
  });

  it('gives plain text for search and excerpts', () => {
    expect(htmlToText('<p>یک</p><p>دو&amp;سه</p>')).toBe('یک دو&سه');
  });
});

describe('hasScriptMarkup', () => {
  it.each([
    '<script>alert(1)</script>',
    '<p>متن<SCRIPT src="https://x.example.com/a.js"></SCRIPT></p>',
    '<img src="/media/a.png" onerror="alert(1)">',
    '<p OnClick="x()">متن</p>',
    '<a href="javascript:alert(1)">پیوند</a>',
    '<a href=" JaVa&#x09;Script:alert(1)">پیوند</a>',
    '<a href="vbscript:msgbox(1)">پیوند</a>',
    '<iframe src="data:text/html;base64,PHNjcmlwdD4="></iframe>',
  ])('finds script markup in %s', (html) => {
    expect(hasScriptMarkup(html)).toBe(true);
  });

  it.each([
    '<p>متن درباره javascript: و onerror= و &lt;script&gt;</p>',
    '<p><code>&lt;img onerror="x"&gt;</code></p>',
    '<a href="https://example.com/javascript:">پیوند</a>',
    '<p data-once="1">متن</p>',
  ])('lets text that only mentions it pass: %s', (html) => {
    expect(hasScriptMarkup(html)).toBe(false);
  });
});
