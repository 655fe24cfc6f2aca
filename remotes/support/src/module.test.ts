import { API_CLIENT_VERSION } from '@shop/api-client';
import { REMOTE_AREAS } from '@shop/contracts';
import { ROUTER_VERSION } from '@shop/router';
import { UI_KIT_VERSION } from '@shop/ui-kit';
import supportModule from './module';

describe('the support remote’s contract', () => {
  it('fills exactly the slots the contract gives it', () => {
    expect(Object.keys(supportModule.slots).sort()).toEqual([...REMOTE_AREAS.support.slots].sort());
  });

  it('has a route for each navigation item, behind the same permission, in a section it owns', () => {
    for (const item of supportModule.dashboardNav) {
      expect(supportModule.dashboardRoutes.find((route) => route.path === item.path)?.permission).toBe(item.permission);
    }
    for (const route of supportModule.dashboardRoutes) {
      expect(REMOTE_AREAS.support.dashboardSections).toContain(route.path.split('/')[2]);
    }
  });

  it('needs facade versions the current facades satisfy (the shell refuses newer needs)', () => {
    const current: Record<string, string> = { '@shop/ui-kit': UI_KIT_VERSION, '@shop/router': ROUTER_VERSION, '@shop/api-client': API_CLIENT_VERSION };
    expect(Object.keys(supportModule.requires).sort()).toEqual(Object.keys(current).sort());
    for (const [facade, need] of Object.entries(supportModule.requires)) {
      const [major, minor, patch] = need.replace(/^\^/, '').split('.').map(Number) as [number, number, number];
      const [hasMajor, hasMinor, hasPatch] = current[facade]!.split('.').map(Number) as [number, number, number];
      expect(major).toBe(hasMajor);
      expect(minor * 1000 + patch).toBeLessThanOrEqual(hasMinor * 1000 + hasPatch);
    }
  });
});
