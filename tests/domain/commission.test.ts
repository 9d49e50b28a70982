import { adminCommission, applyBp, pendingCommission, percentToBp, sumPoints, totalsOf, turnoverRows, type CommissionSplit, type TreeNode } from '../../domain/commission';

const COLUMN: Record<string, string> = { superareamanager: 'supercom', areamanager: 'distcom', master: 'retailcom', player: 'usercom' };
const split: CommissionSplit = { columns: Object.values(COLUMN), columnOf: (role) => COLUMN[role] ?? null };

/** A tree: root 1 (superadmin) → admin 2 → sam 3 (5 %) → am 4 (3 %) → masters 5 (2 %) and 6 (1.5 %) → players. */
function tree() {
  const nodes = new Map<number, TreeNode>();
  const add = (id: number, role: string, percent: number, parentLineage: readonly number[]) => {
    const n = { id, role, commissionBp: percentToBp(percent), lineage: [...parentLineage, id] };
    nodes.set(id, n);
    return n;
  };
  const root = add(1, 'superadmin', 0, []);
  const admin = add(2, 'admin', 0, root.lineage);
  const sam = add(3, 'superareamanager', 5, admin.lineage);
  const am = add(4, 'areamanager', 3, sam.lineage);
  const m1 = add(5, 'master', 2, am.lineage);
  const m2 = add(6, 'master', 1.5, am.lineage);
  const p1 = add(7, 'player', 1, m1.lineage);
  const p2 = add(8, 'player', 0.5, m1.lineage);
  const p3 = add(9, 'player', 0, m2.lineage);
  return { nodes, p1, p2, p3 };
}

describe('commission formulas', () => {
  it('round half-up to the cent', () => {
    expect(applyBp(1_000n, 250)).toBe(25n);
    expect(applyBp(33n, 150)).toBe(0n); // 0.495 cents
    expect(applyBp(100n, 150)).toBe(2n); // 1.5 cents
    expect(percentToBp('2.55')).toBe(255);
    expect(pendingCommission(12_345n, 200)).toBe(247n); // 246.9
    expect(adminCommission(100_000n, percentToBp(90))).toBe(90_000n);
  });

  it('compute a turnover row of the admin: every ancestor tier once, rounded per ancestor', () => {
    const { nodes, p1, p2, p3 } = tree();
    const players = [
      { player: p1, playCents: 10_000n, winCents: 9_000n },
      { player: p2, playCents: 3_333n, winCents: 0n },
      { player: p3, playCents: 7_777n, winCents: 20_000n },
    ];
    const row = turnoverRows([2], players, nodes, split).get(2)!;
    const play = 10_000n + 3_333n + 7_777n;
    expect(row.playCents).toBe(play);
    expect(row.endCents).toBe(play - 29_000n);
    const c = row.columns;
    expect(c.supercom).toBe(applyBp(play, 500)); // one super area manager above all three players
    expect(c.distcom).toBe(applyBp(play, 300));
    expect(c.retailcom).toBe(applyBp(13_333n, 200) + applyBp(7_777n, 150)); // per master
    expect(c.usercom).toBe(applyBp(10_000n, 100) + applyBp(3_333n, 50) + 0n); // per player
    expect(row.commission).toBe(c.supercom! + c.distcom! + c.retailcom! + c.usercom!);
    expect(row.netToPay).toBe(row.endCents - row.commission);
  });

  it('count ancestors above a row, and split rows by child', () => {
    const { nodes, p1, p2, p3 } = tree();
    const players = [
      { player: p1, playCents: 10_000n, winCents: 0n },
      { player: p2, playCents: 3_333n, winCents: 0n },
      { player: p3, playCents: 7_777n, winCents: 0n },
    ];
    // Rows of the area manager's view: its masters 5 and 6. The super area manager and area manager are above them.
    const rows = turnoverRows([5, 6], players, nodes, split);
    expect(rows.get(5)).toMatchObject({ playCents: 13_333n, columns: { supercom: applyBp(13_333n, 500), distcom: applyBp(13_333n, 300), retailcom: applyBp(13_333n, 200) } });
    expect(rows.get(6)).toMatchObject({ playCents: 7_777n, columns: { supercom: applyBp(7_777n, 500), retailcom: applyBp(7_777n, 150), usercom: 0n } });
    // A row of a player: its own play, its own rate, every tier above it.
    const playerRow = turnoverRows([7], players, nodes, split).get(7)!;
    expect(playerRow).toMatchObject({ playCents: 10_000n, columns: { usercom: 100n, retailcom: 200n, distcom: 300n, supercom: 500n } });
  });

  it('leave players outside the rows out and sum footers exactly', () => {
    const { nodes, p1 } = tree();
    const rows = turnoverRows([6], [{ player: p1, playCents: 10_000n, winCents: 0n }], nodes, split);
    expect(rows.get(6)?.playCents).toBe(0n);
    expect(totalsOf([{ a: 1n, b: 2n }, { a: 3n, b: 4n }], ['a', 'b'])).toEqual({ a: 4n, b: 6n });
  });
});

describe('report footers', () => {
  it('add points as cents', () => {
    expect(sumPoints([{ a: 0.1 }, { a: 0.2 }], ['a'])).toEqual({ a: 0.3 });
    expect(sumPoints([{ a: -708.21, b: 1 }, { a: 1e9 + 0.01, b: 2 }], ['a', 'b'])).toEqual({ a: 999999291.8, b: 3 });
  });
});
