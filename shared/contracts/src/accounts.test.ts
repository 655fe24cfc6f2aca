import { loginPathReturningTo, registerPathReturningTo, safeReturnPath } from './accounts';

describe('login return path (issue 22 item 12)', () => {
  it.each([
    ['/products/3?add-to-cart=1', '/products/3?add-to-cart=1'],
    ['/', '/'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['/a\nb', null],
    ['', null],
    [null, null],
  ])('%s is followed as %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it('builds the login path with the return path encoded, or plain /login for another site', () => {
    expect(loginPathReturningTo('/products/3?add-to-cart=1')).toBe('/login?redirect=%2Fproducts%2F3%3Fadd-to-cart%3D1');
    expect(loginPathReturningTo('//evil.example')).toBe('/login');
  });

  it('builds the register path with the same return (issue 25)', () => {
    expect(registerPathReturningTo('/shopping-cart')).toBe('/register?redirect=%2Fshopping-cart');
    expect(registerPathReturningTo('//evil.example')).toBe('/register');
  });
});
