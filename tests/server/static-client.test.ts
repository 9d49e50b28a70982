import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineAvailable, startHarness, type Harness } from './harness';

describe.runIf(engineAvailable())('the built client', () => {
  let h: Harness;
  const dir = mkdtempSync(join(tmpdir(), 'tierdesk-client-'));
  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Tierdesk</title>');
    writeFileSync(join(dir, 'app.js'), 'console.log(1)');
    h = await startHarness({ clientDir: dir });
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every client route (GET and HEAD) with index.html, and keeps /api answers JSON', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const r = await h.app.inject({ method, url: '/superadmin/player/players/details/5' });
      expect(r.statusCode, method).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
    }
    expect((await h.app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    const api = await h.app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
    expect((await h.app.inject({ method: 'POST', url: '/superadmin/x' })).statusCode).toBe(404);
  });

  it('sends a strict content security policy that still works on a plain-HTTP LAN address', async () => {
    const csp = String((await h.app.inject({ url: '/auth/login' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
