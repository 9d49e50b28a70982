/**
 * `npm run bench`: every benchmark, one after the other (never part of `npm test`).
 * Exits non-zero when a benchmark's own check fails (for credit-transfer: the ledger invariant).
 * See bench/README.md for what is measured and how to read it.
 */
import { creditTransferBench, optionsFromEnv } from './credit-transfer';
import { healthUnderLoadBench } from './health-under-load';
import { reportsBench } from './reports';
import { screensBench } from './screens';
import { exportBench } from './export';
import { betsBench } from './bets';
import { backupBench } from './backup';
import { printFigures } from './figures';
import { pgliteLoadBench } from './pglite-load';
import { socketFloodBench } from './socket-flood';
import { soakBench } from './soak';
import { writesBench } from './writes';
import { keptCountsBench } from './kept-counts';

/** `named`: run only when asked for by name (the soak's hour, or a bench on another bench's kept installation, would otherwise join every `npm run bench`). */
const benches: { name: string; run: () => Promise<{ exitCode: number }>; named?: true }[] = [
  { name: 'health-under-load', run: healthUnderLoadBench },
  { name: 'reports', run: reportsBench },
  { name: 'screens', run: screensBench },
  { name: 'export', run: exportBench },
  { name: 'bets', run: betsBench },
  { name: 'pglite-load', run: pgliteLoadBench },
  { name: 'credit-transfer', run: () => creditTransferBench(optionsFromEnv()) },
  { name: 'kept-counts', run: keptCountsBench },
  { name: 'backup', run: () => backupBench() },
  { name: 'socket-flood', run: socketFloodBench },
  { name: 'soak', run: soakBench, named: true },
  { name: 'writes', run: writesBench, named: true },
];

// `npm run bench -- reports` runs the named benchmarks only.
const only = process.argv.slice(2);
let code = 0;
for (const b of benches.filter((x) => (only.length === 0 && !x.named) || only.includes(x.name))) {
  console.log(`\n=== ${b.name} ===`);
  try {
    const r = await b.run();
    if (r.exitCode !== 0) {
      console.error(`${b.name}: check failed (exit ${r.exitCode})`);
      code = r.exitCode;
    }
  } catch (e) {
    console.error(`${b.name}: ${(e as Error).stack ?? String(e)}`);
    code = 1;
  }
}
printFigures();
process.exit(code);
