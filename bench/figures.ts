/**
 * The product's performance figures, collected as each benchmark measures them, so that
 * `npm run bench` ends with every figure beside its ceiling and target from the same run.
 */
export interface Figure {
  /** What is measured, as the summary table names it. */
  name: string;
  /** The measured figure, formatted with its unit. */
  value: string;
  /** What bounds it on this machine in the same run (pgbench, pg_restore…), when there is one. */
  ceiling?: string;
  target: string;
  met: boolean;
  /** Where the time goes, when the target is missed. */
  why?: string;
}

const figures: Figure[] = [];

export function recordFigure(f: Figure): void {
  figures.push(f);
  console.log(`  ${f.met ? 'met' : 'MISSED'}: ${f.name} = ${f.value}${f.ceiling ? ` (ceiling ${f.ceiling})` : ''}, target ${f.target}`);
}

export function printFigures(): void {
  if (figures.length === 0) return;
  const rows = figures.map((f) => [f.name, f.value, f.ceiling ?? '', f.target, f.met ? 'met' : 'MISSED']);
  const head = ['figure', 'measured', 'ceiling (same run)', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n=== figures of this run ===\n${line(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
  for (const f of figures.filter((x) => !x.met && x.why)) console.log(`- ${f.name}: ${f.why}`);
}
