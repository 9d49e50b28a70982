/**
 * `node scripts/parallel.mjs a b c`: runs the npm scripts a, b and c at once and fails when any fails.
 * The static checks (tsc, eslint) each keep one core busy: side by side they take the time of the
 * longest instead of the sum. Each script's output is printed whole when it ends, not interleaved.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('close', (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n── npm run ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s ──\n`);
        process.stdout.write(Buffer.concat(out));
        resolve(code);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
