import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { SUPER_ONLY, type RemoteModule, type User } from '@shop/contracts';
import { API_CLIENT_VERSION, makeStore, Provider, userReceived } from '@shop/api-client';
import { UI_KIT_VERSION } from '@shop/ui-kit';
import { ROUTER_VERSION } from '@shop/router';
import { aUser } from '@shop/test-utils';

// The federation runtime cannot run in jsdom: the users-permissions remote answers with its contract.
const mockLoadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: () => undefined, loadRemote: (id: string) => mockLoadRemote(id) }));

const usersPermissions: RemoteModule = {
  name: 'users-permissions',
  requires: { '@shop/ui-kit': `^${UI_KIT_VERSION}`, '@shop/router': `^${ROUTER_VERSION}`, '@shop/api-client': `^${API_CLIENT_VERSION}` },
  publicRoutes: [],
  dashboardRoutes: [],
  dashboardNav: [
    { label: 'کاربران', path: '/dashboard/users', permission: 'show-users', icon: 'People' },
    { label: 'دفتر رویدادها', path: '/dashboard/audit-log', permission: SUPER_ONLY, icon: 'History' },
  ],
  slots: {},
  islands: {},
};

let useDashboardNav: typeof import('./use-dashboard-nav').useDashboardNav;
beforeAll(async () => {
  // The serving process inlines the remote list into index.html; the shell reads it once, on load.
  document.head.insertAdjacentHTML('beforeend', '<script id="remote-list" type="application/json">[{"name":"users-permissions","entry":"/remotes/users-permissions/mf-manifest.json"}]</script>');
  mockLoadRemote.mockImplementation(() => Promise.resolve({ default: usersPermissions }));
  ({ useDashboardNav } = await import('./use-dashboard-nav'));
});

/** The navigation's paths as `user` gets them, once the remotes have answered. */
async function navPathsOf(user: User): Promise<string[]> {
  const store = makeStore();
  store.dispatch(userReceived({ user }));
  const { result } = renderHook(() => useDashboardNav(), { wrapper: ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider> });
  await waitFor(() => expect(result.current.loading).toBe(false));
  return result.current.items.map((item) => item.path);
}

describe('useDashboardNav', () => {
  it("gives super users the remotes' sections, then the shell's releases page (issue 35 item 5)", async () => {
    expect(await navPathsOf(aUser({ status: 'super' }))).toEqual(['/dashboard/users', '/dashboard/audit-log', '/dashboard/releases']);
    const { SHELL_DASHBOARD_NAV } = await import('./use-dashboard-nav');
    expect(SHELL_DASHBOARD_NAV).toEqual([{ label: 'انتشار ریموت‌ها', path: '/dashboard/releases', permission: SUPER_ONLY, icon: 'UploadFile' }]);
  });

  it('gives staff only the sections their permissions allow: never the releases', async () => {
    expect(await navPathsOf(aUser({ status: 'staff', permissions: [{ id: 1, name: 'show-users' }] }))).toEqual(['/dashboard/users']);
  });
});
