import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The secret kept in `path`; made the first time, readable by its owner only. */
export function readOrCreateSecret(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  try {
    // 'wx' creates the file only if it is absent, so a secret once made is never replaced.
    writeFileSync(path, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(path, 'utf8').trim();
}
