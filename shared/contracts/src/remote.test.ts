import { isKnownPagePath, serverRenderingOf, ownerOfDashboardPath, ownerOfPublicPath, ownerOfSlot, REMOTE_AREAS, REMOTE_NAMES } from './remote';
import { hasPermission, isDashboardUser, SUPER_ONLY } from './permissions';

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
  it('passes super users alone for SUPER_ONLY, even staff holding a permission of that name', () => {
    expect(hasPermission({ status: 'super', permissions: [] }, SUPER_ONLY)).toBe(true);
    expect(hasPermission({ status: 'staff', permissions: [{ name: SUPER_ONLY }] }, SUPER_ONLY)).toBe(false);
  });
  it('refuses ordinary users and visitors', () => {
    expect(hasPermission({ status: 'ordinary', permissions: [{ name: 'show-users' }] }, 'show-users')).toBe(false);
    expect(hasPermission(null, 'show-users')).toBe(false);
    expect(isDashboardUser({ status: 'ordinary', permissions: [] })).toBe(false);
    expect(isDashboardUser(staff)).toBe(true);
  });
});

describe('serverRenderingOf (issue 9)', () => {
  it.each([
    ['/', 'visitors'],
    ['/posts', 'visitors'],
    ['/posts/12', 'visitors'],
    ['/podcasts/3', 'visitors'],
    ['/products/6', 'visitors'],
    ['/frequently-asked-questions', 'visitors'],
    ['/terms-and-conditions', 'visitors'],
    ['/products/6/2', 'readers'],
    ['/about-me', 'readers'],
    ['/products/6/2/x', null],
    ['/shopping-cart', null],
    ['/profile', null],
    ['/login', null],
    ['/dashboard/posts', null],
  ])('%s → %s', (path, rendering) => {
    expect(serverRenderingOf(path)).toBe(rendering);
  });
});
