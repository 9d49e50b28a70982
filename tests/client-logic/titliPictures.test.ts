import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TITLI_PICTURES } from '../../resources.config';

describe("Titli Sorrat's pictures", () => {
  it('every picture of the declaration is an SVG file of the project', () => {
    for (const name of TITLI_PICTURES) {
      const svg = readFileSync(resolve(import.meta.dirname, '../../public/titli', `${name}.svg`), 'utf8');
      expect(svg, name).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"/);
      expect(svg, name).toContain(`<title>${name}</title>`);
      expect(svg.trim().endsWith('</svg>'), name).toBe(true);
    }
    expect(TITLI_PICTURES).toHaveLength(12);
  });
});
