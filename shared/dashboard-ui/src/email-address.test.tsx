import { render } from '@testing-library/react';
import { EmailAddress } from './email-address';

/** Each piece the address is shown in: its text and whether a line may break inside it. */
function pieces(email: string) {
  const { container } = render(<EmailAddress email={email} />);
  return [...container.querySelectorAll('bdi > span')].map((span) => ({
    text: span.textContent,
    whole: getComputedStyle(span).whiteSpace === 'nowrap',
  }));
}

describe('EmailAddress', () => {
  it('keeps the domain whole and lets a line end before the «@» and after a mark in the name', () => {
    expect(pieces('negar@example.com')).toEqual([
      { text: 'negar', whole: true },
      { text: '@example.com', whole: true },
    ]);
    expect(pieces('reader-1795922078466@example.com')).toEqual([
      { text: 'reader-', whole: true },
      { text: '1795922078466', whole: true },
      { text: '@example.com', whole: true },
    ]);
    expect(pieces('m.reza_k+shop@example.ac.ir').map((piece) => piece.text)).toEqual(['m.', 'reza_', 'k+', 'shop', '@example.ac.ir']);
  });

  it('lets a piece too long to keep whole break anywhere, so it never widens its table', () => {
    expect(pieces('mohammadrezaahmadi1370@gmail.com')).toEqual([
      { text: 'mohammadrezaahmadi1370', whole: false },
      { text: '@gmail.com', whole: true },
    ]);
  });

  it('shows an address without «@» as it is', () => {
    expect(pieces('not-an-address')).toEqual([{ text: 'not-an-address', whole: true }]);
  });
});
