// subset-font ships no types: the part of its API scripts/lib/fonts.ts uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'truetype'; noHinting?: boolean },
  ): Promise<Buffer>;
}
