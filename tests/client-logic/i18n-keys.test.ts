/**
 * The two catalogues hold the same keys, and the screens use exactly those keys: a text added in
 * English only, a key a screen asks for that no catalogue has, or a key nothing asks for any more,
 * each fails here (the i18nProvider has no allowMissing to hide them).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import englishMessages from 'ra-language-english';
import { describe, expect, test } from 'vitest';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { hiRa } from '../../src/i18n/hiRa';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every leaf of a catalogue as key → text. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, node);
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) yield* sources(p);
    // The catalogues themselves are not users of their keys.
    else if (/\.(ts|tsx)$/.test(e) && !/[\\/]src[\\/]i18n[\\/](en|hi\w*)\.ts$/.test(p)) yield p;
  }
}

/** The keys the client asks for: literal 'td.…' strings, and `td.….${x}` templates as patterns. */
function usedKeys() {
  const literal = new Set<string>();
  const patterns: RegExp[] = [];
  // The registry's declarations name keys too (a report's texts: resources/reports.ts).
  for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'resources'))]) {
    // Comments may name keys by their scheme ('td.reports.{key}'): only code counts.
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(/['"](td\.[\w.]+\w)['"]/g)) literal.add(m[1]!);
    // A catalogue read directly (en.td.profileMenu.logout) uses its key too.
    for (const m of text.matchAll(/\b(?:en|hi)\.(td(?:\.\w+)+)/g)) literal.add(m[1]!);
    for (const m of text.matchAll(/`(td\.[^`]*)`/g)) {
      const parts = m[1]!.split(/\$\{[^}]*\}/);
      if (parts.length === 1) literal.add(m[1]!);
      else patterns.push(new RegExp(`^${parts.map((p) => p.replace(/\./g, '\\.')).join('[\\w]+')}$`));
    }
  }
  return { literal, patterns };
}

/**
 * The product's own default messages that no screen shows today: kept under their keys so their
 * English stays written once and translated; each one listed here is a known gap, not a use.
 */
const SPEC_ONLY = new Set([
  'td.form.pinRequired',
  'td.messages.unexpected',
  'td.messages.updateFailedLower',
  'td.messages.createFailedSuperdistributors',
  'td.messages.createFailedSuperretailers',
  'td.messages.deleteSuperDistributors',
  'td.catalogue.fetchFailed',
]);

const EN = flatten(en);
const HI = flatten(hi);

describe('the catalogues', () => {
  test('every English key has a Hindi text and every Hindi key an English one', () => {
    expect([...HI.keys()].filter((k) => !EN.has(k))).toEqual([]);
    expect([...EN.keys()].filter((k) => !HI.has(k))).toEqual([]);
  });

  test("react-admin's own keys are all in Hindi", () => {
    const ra = flatten(englishMessages);
    const hiRaKeys = flatten(hiRa);
    expect([...ra.keys()].filter((k) => !hiRaKeys.has(k))).toEqual([]);
    expect([...hiRaKeys.keys()].filter((k) => !ra.has(k))).toEqual([]);
  });

  test('every text is a non-empty string with the same placeholders in both languages', () => {
    const bad: string[] = [];
    for (const [key, text] of EN) {
      const other = HI.get(key);
      if (typeof text !== 'string' || typeof other !== 'string' || !text.trim() || !other.trim()) bad.push(`${key}: empty or not a text`);
      else if (placeholders(text).join() !== placeholders(other).join()) bad.push(`${key}: ${placeholders(text).join()} ≠ ${placeholders(other).join()}`);
    }
    expect(bad).toEqual([]);
  });

  test('every key a screen asks for exists, and every key is asked for', () => {
    const { literal, patterns } = usedKeys();
    const keys = [...EN.keys()];
    // A literal may name a whole branch (a translate over its leaves, e.g. the periods).
    const exists = (k: string) => EN.has(k) || keys.some((x) => x.startsWith(`${k}.`));
    expect([...literal].filter((k) => !exists(k))).toEqual([]);
    expect(patterns.filter((p) => !keys.some((k) => p.test(k))).map(String)).toEqual([]);
    const used = (k: string) => SPEC_ONLY.has(k) || literal.has(k) || patterns.some((p) => p.test(k)) || [...literal].some((l) => k.startsWith(`${l}.`));
    expect(keys.filter((k) => !used(k))).toEqual([]);
  });
});
