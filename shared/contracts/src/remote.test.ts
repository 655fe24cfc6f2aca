import { isKnownPagePath, isServerRenderedPath, ownerOfDashboardPath, ownerOfPublicPath, ownerOfSlot, REMOTE_AREAS, REMOTE_NAMES } from './remote';
import { hasPermission, isDashboardUser } from './permissions';

describe('route ownership (DESIGN.md "Who owns what")', () => {
  it.each([
    ['/posts', 'content'],
    ['/podcasts/3', 'content'],
    ['/products/1/2', 'commerce'],
    ['/shopping-cart', 'commerce'],
    ['/profile', 'users-permissions'],
    ['/frequently-asked-questions', 'support'],
    ['/about-me', 'support'],
    ['/nowhere', null],
    ['/', null],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOfPublicPath(path)).toBe(owner);
  });

  it.each([
    ['/dashboard/users/3', 'users-permissions'],
    ['/dashboard/comments/posts', 'support'],
    ['/dashboard/financial-info/orders', 'commerce'],
    ['/dashboard', null],
    ['/posts', null],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOfDashboardPath(path)).toBe(owner);
  });

  it.each([
    ['/', true],
    ['/login', true],
    ['/search', true],
    ['/dashboard/anything', true],
    ['/products/1/2', true],
    ['/about-me', true],
    ['/nowhere', false],
    ['/post/1', false],
  ])('%s is a known page: %s', (path, known) => {
    expect(isKnownPagePath(path)).toBe(known);
  });

  it('gives every slot exactly one owner', () => {
    const all = REMOTE_NAMES.flatMap((name) => REMOTE_AREAS[name].slots);
    expect(new Set(all).size).toBe(all.length);
    expect(ownerOfSlot('header.cart-menu')).toBe('commerce');
  });
});

describe('hasPermission (SPEC §6)', () => {
  const staff = { status: 'staff' as const, permissions: [{ name: 'show-comments' }] };
  it('passes super users for every permission', () => {
    expect(hasPermission({ status: 'super', permissions: [] }, 'show-users')).toBe(true);
  });
  it('passes staff only for permissions they hold', () => {
    expect(hasPermission(staff, 'show-comments')).toBe(true);
    expect(hasPermission(staff, 'show-users')).toBe(false);
  });
  it('refuses ordinary users and visitors', () => {
    expect(hasPermission({ status: 'ordinary', permissions: [{ name: 'show-users' }] }, 'show-users')).toBe(false);
    expect(hasPermission(null, 'show-users')).toBe(false);
    expect(isDashboardUser({ status: 'ordinary', permissions: [] })).toBe(false);
    expect(isDashboardUser(staff)).toBe(true);
  });
});

describe('isServerRenderedPath (issue 9)', () => {
  it.each([
    ['/', true],
    ['/posts', true],
    ['/posts/12', true],
    ['/podcasts/3', true],
    ['/products/6', true],
    ['/frequently-asked-questions', true],
    ['/terms-and-conditions', true],
    ['/products/6/2', false],
    ['/about-me', false],
    ['/shopping-cart', false],
    ['/login', false],
    ['/dashboard/posts', false],
  ])('%s → %s', (path, rendered) => {
    expect(isServerRenderedPath(path)).toBe(rendered);
  });
});
