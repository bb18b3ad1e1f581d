import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONTS_DIR, makeFonts } from '../../scripts/lib/fonts.ts';

describe('the web fonts (src/styles/fonts)', () => {
  it('are the @fontsource Latin files without hinting, as `npm run fonts` makes them', async () => {
    const fonts = await makeFonts();
    expect(readdirSync(FONTS_DIR).sort()).toEqual([...fonts.keys()].sort());
    for (const [name, font] of fonts) {
      expect(readFileSync(`${FONTS_DIR}/${name}`).equals(font), `${name} is stale: run npm run fonts`).toBe(
        true,
      );
    }
  });
});
