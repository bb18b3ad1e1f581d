// `npm run fonts`: rewrites src/styles/fonts from the @fontsource packages (after upgrading them).
import { mkdirSync, writeFileSync } from 'node:fs';
import { FONTS_DIR, makeFonts } from './lib/fonts.ts';

mkdirSync(FONTS_DIR, { recursive: true });
for (const [name, font] of await makeFonts()) {
  writeFileSync(`${FONTS_DIR}/${name}`, font);
  console.log(`${FONTS_DIR}/${name}: ${(font.length / 1000).toFixed(1)} kB`);
}
