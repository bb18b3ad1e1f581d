import { existsSync } from 'node:fs';
import { readEnv } from '../../server/env.ts';
import { BROWSER_TESTS_ENV } from './support/env.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (or CHROMIUM_PATH); browser downloads are impossible on this network. */
export function chromiumPath(): string {
  const path = readEnv(BROWSER_TESTS_ENV, { read: ['CHROMIUM_PATH'] }).CHROMIUM_PATH;
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install one with \`sudo apt-get install -y chromium\` or set CHROMIUM_PATH.`,
    );
  }
  return path;
}
