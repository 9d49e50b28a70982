import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './engine';

/**
 * Over a stale claim (its process died without releasing it), servers starting
 * together both became owners in 7 of 15 trials: each read the stale pid, deleted the file and
 * created its own, so a later delete removed an earlier winner's claim (and a claim created but not
 * yet written read as stale too). Eight processes race here over a stale claim, released at the same
 * instant, round after round: exactly one owns each directory, the others are told it is busy.
 */
const CHILDREN = 8;
const ROUNDS = 40;

/** A pid that is certainly not running: a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe.runIf(ENGINE === 'pglite')('the data-directory claim over a stale one', () => {
  const base = mkdtempSync(join(tmpdir(), 'tierdesk-race-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it(`has exactly one owner when ${CHILDREN} processes start together (${ROUNDS} rounds)`, async () => {
    const stale = deadPid();
    for (let r = 0; r < ROUNDS; r++) {
      mkdirSync(join(base, `d${r}`));
      writeFileSync(join(base, `d${r}`, 'tierdesk.lock'), String(stale));
    }
    const results: string[][] = Array.from({ length: ROUNDS }, () => []);
    const ready = new Array<number>(ROUNDS).fill(0);
    const errors: string[] = [];
    let done = 0;
    await new Promise<void>((resolve, reject) => {
      setTimeout(() => reject(new Error(`the race did not finish: ${JSON.stringify({ ready, done, errors })}`)), 240_000).unref();
      for (let i = 0; i < CHILDREN; i++) {
        const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/claimDataDir.ts', base, String(ROUNDS)], { stdio: ['ignore', 'pipe', 'pipe'] });
        let buffer = '';
        child.stdout.on('data', (d: Buffer) => {
          buffer += d.toString();
          const lines = buffer.split('\n');
          buffer = lines.pop()!;
          for (const line of lines) {
            const m = /^ready (\d+)$/.exec(line);
            const res = /^(\d+) (owner|busy|error.*)$/.exec(line);
            // Every child spinning on this round: release them together.
            if (m && ++ready[Number(m[1])]! === CHILDREN) writeFileSync(join(base, `go-${m[1]}`), '');
            else if (res) results[Number(res[1])]!.push(res[2]!);
            else if (line === 'done' && ++done === CHILDREN) {
              writeFileSync(join(base, 'end'), '');
              resolve();
            }
          }
        });
        child.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
      }
    });
    const bad = results.map((outs, r) => ({ r, outs: outs.sort() })).filter(({ outs }) => outs.join() !== ['busy', 'busy', 'busy', 'busy', 'busy', 'busy', 'busy', 'owner'].join());
    expect(bad, `rounds without exactly one owner (of ${ROUNDS}): ${JSON.stringify(bad)}`).toEqual([]);
    expect(errors).toEqual([]);
    // Nothing of the takeover is left behind: no guard, no private files; only the owner's claim.
    await new Promise((r) => setTimeout(r, 500));
    for (let r = 0; r < ROUNDS; r++) expect(readdirSync(join(base, `d${r}`)).filter((f) => f !== 'tierdesk.lock')).toEqual([]);
  }, 300_000);
});
