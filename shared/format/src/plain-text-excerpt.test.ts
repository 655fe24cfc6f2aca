import { plainTextExcerpt } from './plain-text-excerpt';

describe('plainTextExcerpt', () => {
  it('drops tags and keeps short texts whole', () => {
    expect(plainTextExcerpt('<p>سلام <b>دنیا</b></p><img src=x onerror="window.hacked=1">', 300)).toBe('سلام دنیا');
  });

  it('keeps words of neighbouring blocks apart', () => {
    expect(plainTextExcerpt('<h2>سلام!</h2><p>خوش آمدید<br>به سایت</p>', 300)).toBe('سلام! خوش آمدید به سایت');
  });

  it('decodes entities, as text', () => {
    expect(plainTextExcerpt('<p>نوشتن &amp; خواندن &lt;b&gt; &#1740;</p>', 300)).toBe('نوشتن & خواندن <b> ی');
  });

  it('cuts long texts at a word boundary with «…»', () => {
    expect(plainTextExcerpt('<p>یک دو سه چهار پنج</p>', 12)).toBe('یک دو سه…');
  });
});
