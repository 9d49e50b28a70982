import { describe, expect, it } from 'vitest';
import { createHierarchy } from '../../domain/hierarchy';
import type { PageDefOf, TierDefOf } from '../../domain/tiers';
import { PAGES, TIERS, type PageDef, type TierDef } from '../../resources.config';

// A registry with one more tier between master and player: only table data changes, the
// hierarchy rules come from the same domain factory.
type R = TierDef['role'] | 'subagent';
type S = PageDef['menu'][number] | 'subagent';
const master = TIERS.find((t) => t.role === 'master')!;
const subagent: TierDefOf<R> = {
  ...master,
  role: 'subagent',
  api: '/subagent',
  path: 'subagent',
  parent: 'master',
  formRole: 'subagent',
  usernamePrefix: 'SG',
  labels: { ...master.labels, plural: 'Sub Agents', singular: 'Sub Agent' },
};
const tiers: TierDefOf<R>[] = TIERS.flatMap((t): TierDefOf<R>[] => (t.role === 'master' ? [t, subagent] : t.role === 'player' ? [{ ...t, parent: 'subagent' }] : [t]));
const pages: PageDefOf<S>[] = PAGES.map((p): PageDefOf<S> => (p.key === 'dashboard' ? { ...p, menu: [...p.menu, 'subagent'] } : p));
const h = createHierarchy<R, S>(tiers, pages);

describe('hierarchy over a registry with one more tier', () => {
  it('places the new tier in the chain between master and player', () => {
    expect(h.chain).toEqual(['superadmin', 'admin', 'superareamanager', 'areamanager', 'master', 'subagent', 'player']);
    expect(h.childTierOf('master')?.role).toBe('subagent');
    expect(h.ancestorRoles('player').slice(0, 2)).toEqual(['subagent', 'master']);
  });

  it('makes the new tier staff that manages players, managed by master and above', () => {
    expect(h.isStaff('subagent')).toBe(true);
    expect(h.isStaff('player')).toBe(false);
    expect(h.canManageTier('master', 'subagent')).toBe(true);
    expect(h.canManageTier('subagent', 'player')).toBe(true);
    expect(h.canManageTier('subagent', 'master')).toBe(false);
    expect(h.canManageTier('subagent', 'gift')).toBe(false);
    expect(h.menuFor('subagent').tiers.map((t) => t.role)).toEqual(['player']);
    expect(h.menuFor('master').tiers.map((t) => t.role)).toEqual(['subagent', 'player']);
    expect(h.canOpenPage('subagent', 'dashboard')).toBe(true);
    expect(h.mintsPoints('subagent')).toBe(false);
  });

  it('keeps the registry\'s own rules unchanged', () => {
    const own = createHierarchy(TIERS, PAGES);
    expect(own.menuFor('master').tiers.map((t) => t.role)).toEqual(['player']);
    expect(own.canManageTier('superadmin', 'gift')).toBe(true);
    expect(own.mintsPoints('superadmin')).toBe(true);
  });
});
