// The storefront's web fonts, made from the @fontsource packages: their Latin files (the same
// characters), without TrueType hinting. Browsers on phones and Macs ignore hinting and Chromium on
// Windows barely uses it, yet it is two thirds of these files: 120 kB became about 40 kB, which a phone
// fetches alongside the page's first paint (docs/decisions/008-performance.md).
import { readFileSync } from 'node:fs';
import subsetFont from 'subset-font';

export const FONTS_DIR = 'src/styles/fonts';

/** @fontsource's "latin" unicode-range, which src/styles/app.css repeats for these files. */
const LATIN: Array<[number, number]> = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const SOURCES = {
  'pt-sans-narrow-latin-400.woff2': '@fontsource/pt-sans-narrow/files/pt-sans-narrow-latin-400-normal.woff2',
  'pt-sans-narrow-latin-700.woff2': '@fontsource/pt-sans-narrow/files/pt-sans-narrow-latin-700-normal.woff2',
  'pacifico-latin-400.woff2': '@fontsource/pacifico/files/pacifico-latin-400-normal.woff2',
} as const;

const latinText = LATIN.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, offset) => String.fromCodePoint(first + offset)),
).join('');

/** Every font file of FONTS_DIR, by name, as it should be. */
export async function makeFonts(): Promise<Map<string, Buffer>> {
  const fonts = new Map<string, Buffer>();
  for (const [name, source] of Object.entries(SOURCES)) {
    const original = readFileSync(new URL(`../../node_modules/${source}`, import.meta.url));
    fonts.set(name, await subsetFont(original, latinText, { targetFormat: 'woff2', noHinting: true }));
  }
  return fonts;
}
