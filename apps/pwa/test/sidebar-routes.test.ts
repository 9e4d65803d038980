import { PERMISSIONS, ROLE, type SidebarContext, type SidebarItem, sidebarItems } from '@simvisit/schema';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from '../src/router';

/**
 * Every sidebar entry (spec 000 §2.2, packages/schema/src/shell.ts) leads to a page of the router, for every
 * kind of person who sees it (issue 18 item 4, docs/decisions/0065).
 */

/**
 * Entries the sidebar shows before their pages exist, each with the issue that builds it. Kept small and
 * checked: an entry whose page has come fails this test until it leaves the list.
 */
const KNOWN_MISSING: Readonly<Record<string, string>> = {};

/** The people whose sidebars, together, show every entry. */
const everyRole = Object.values(ROLE);
const viewers: Record<string, SidebarContext> = {
  'a super admin at a sim partner': { isSuperAdmin: true, roleIds: everyRole, permissions: PERMISSIONS, partnerIsSim: true },
  'a client admin at a sim partner': { isSuperAdmin: false, roleIds: everyRole, permissions: PERMISSIONS, partnerIsSim: true },
  'a super admin at another partner': { isSuperAdmin: true, roleIds: [], permissions: [], partnerIsSim: false },
  'a learner': { isSuperAdmin: false, roleIds: [ROLE.learner], permissions: [], partnerIsSim: false },
};

const linksOf = (items: SidebarItem[]) => items.flatMap((item) => ('children' in item ? item.children : [item]));
const sidebarLinks = [...new Map(Object.values(viewers).flatMap((ctx) => linksOf(sidebarItems(ctx)).map((l) => [l.to, l]))).values()];

const router = createAppRouter(new QueryClient());
// A link may name a part of its page (#availability); the page is what the router must know.
const normalize = (path: string) => {
  const page = path.replace(/#.*$/, '');
  return page.length > 1 ? page.replace(/\/$/, '') : page;
};
const routerPaths = new Set(Object.values(router.routesById).map((route) => normalize(route.fullPath)));

describe('the sidebar', () => {
  it('shows the entries this test is about (the list of viewers reaches every one)', () => {
    const labels = sidebarLinks.map((l) => l.label);
    for (const label of [
      'Dashboard',
      'Quote Requests',
      'Invoice Requests',
      'Agreements',
      'Landing Page Config',
      'Articles',
      'Financial Report',
      'Payment Report',
      'Scoring Agreement',
    ]) {
      expect(labels).toContain(label);
    }
  });

  for (const link of sidebarLinks) {
    if (link.to in KNOWN_MISSING) continue;
    it(`${link.label} (${link.to}) leads to a page of the router`, () => {
      expect(routerPaths.has(normalize(link.to)), `no route ${link.to} in apps/pwa/src/router.tsx`).toBe(true);
    });
  }

  it('lists as known missing only sidebar entries that still have no page', () => {
    for (const [path, why] of Object.entries(KNOWN_MISSING)) {
      expect(
        sidebarLinks.some((l) => l.to === path),
        `${path} is no longer in the sidebar: remove it from KNOWN_MISSING`,
      ).toBe(true);
      expect(routerPaths.has(path), `${path} has a page now (${why}): remove it from KNOWN_MISSING`).toBe(false);
    }
  });
});
