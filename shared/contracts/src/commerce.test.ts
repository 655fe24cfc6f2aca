import { holdsVisitorCart } from './commerce';

describe('holdsVisitorCart (issue 25)', () => {
  it.each([
    ['visitor_cart_hint=1', true],
    ['XSRF-TOKEN=abc; visitor_cart_hint=1; pref_theme=dark', true],
    ['', false],
    ['XSRF-TOKEN=abc', false],
    ['not_visitor_cart_hint=1', false],
    ['visitor_cart_hint_old=1', false],
  ])('%j holds a cart: %s', (cookies, expected) => {
    expect(holdsVisitorCart(cookies)).toBe(expected);
  });
});
