import { describe, expect, it } from 'vitest';
import { CHAIN, ROOT_TIER, TIERS, hasFlag, isStaff, tiersWith } from '../../resources.config';

// The sites that used role literals read these; they must name the same tiers the literals did.
describe('registry tier flags', () => {
  it('derives the root, the game-running tier, the signup parent and the parent-wallet tier from data', () => {
    expect(ROOT_TIER.role).toBe('superadmin');
    expect(ROOT_TIER.usernamePrefix).toBe('SA');
    expect(tiersWith('runsGames').map((t) => t.role)).toEqual(['admin']);
    expect(tiersWith('signupParent').map((t) => t.role)).toEqual(['master']);
    expect(hasFlag('admin', 'showsParentWallet')).toBe(true);
    expect(hasFlag('player', 'showsParentWallet')).toBe(false);
    expect(hasFlag('nobody', 'runsGames')).toBe(false);
  });

  it('derives the chain and staff from the tier table', () => {
    expect(CHAIN).toEqual(TIERS.filter((t) => t.kind === 'chain').map((t) => t.role));
    expect(CHAIN.filter((r) => isStaff(r))).toEqual(['superadmin', 'admin', 'superareamanager', 'areamanager', 'master']);
  });
});
