import { API_CLIENT_VERSION } from '@shop/api-client';
import { REMOTE_AREAS, type RemoteModule, type RemoteName } from '@shop/contracts';
import { ROUTER_VERSION } from '@shop/router';
import { UI_KIT_VERSION } from '@shop/ui-kit';

/**
 * The tests of a remote's side of the contract (DESIGN.md "The remote contract", "Who owns what"),
 * for each remote's `module.test.ts`: it fills exactly the slots the contract gives it; every
 * navigation item has a route behind the same permission; every dashboard route lies in a section
 * the remote owns (else the shell, which loads a remote by its sections, answers 404 there: the
 * assignments queue did, issue 37); and it needs facade versions the current facades satisfy.
 */
export function describeRemoteContract(name: RemoteName, remote: RemoteModule): void {
  describe(`the ${name} remote’s contract`, () => {
    it('fills exactly the slots the contract gives it', () => {
      expect(Object.keys(remote.slots).sort()).toEqual([...REMOTE_AREAS[name].slots].sort());
    });

    it('has a route for each navigation item, behind the same permission, and every dashboard route in a section it owns', () => {
      for (const item of remote.dashboardNav) {
        expect(remote.dashboardRoutes.find((route) => route.path === item.path)?.permission).toBe(item.permission);
      }
      for (const route of remote.dashboardRoutes) {
        expect(REMOTE_AREAS[name].dashboardSections).toContain(route.path.split('/')[2]);
      }
    });

    it('needs facade versions the current facades satisfy (the shell refuses newer needs)', () => {
      const current: Record<string, string> = { '@shop/ui-kit': UI_KIT_VERSION, '@shop/router': ROUTER_VERSION, '@shop/api-client': API_CLIENT_VERSION };
      expect(Object.keys(remote.requires).sort()).toEqual(Object.keys(current).sort());
      for (const [facade, need] of Object.entries(remote.requires)) {
        const [major, minor, patch] = need.replace(/^\^/, '').split('.').map(Number) as [number, number, number];
        const [hasMajor, hasMinor, hasPatch] = current[facade]!.split('.').map(Number) as [number, number, number];
        expect(major).toBe(hasMajor);
        expect(minor * 1000 + patch).toBeLessThanOrEqual(hasMinor * 1000 + hasPatch);
      }
    });
  });
}
