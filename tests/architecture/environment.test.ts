import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ENV_DEFAULTS, ENV_VARIABLES, type EnvName, envRule } from '../../server/env.ts';

/** The one module that reads the environment (docs/decisions: one environment schema). */
const ENV_MODULE = 'server/env.ts';

interface Documented {
  name: string;
  commented: boolean;
  /** The value as an env file means it: quotes taken off, an empty value unset. */
  value: string | undefined;
}

/** Every `NAME=value` line of .env.example, commented out (`# NAME=`) or not. */
function documented(): Documented[] {
  return readFileSync('.env.example', 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^(# ?)?([A-Z][A-Z0-9_]*)=("[^"]*"|\S*)/.exec(line);
      if (!match) return [];
      const text = match[3]!.replace(/^"(.*)"$/, '$1');
      return [{ name: match[2]!, commented: match[1] !== undefined, value: text === '' ? undefined : text }];
    });
}

describe('.env.example', () => {
  const lines = documented();

  it('names every variable of server/env.ts once, in its order, and no other', () => {
    expect(lines.map((line) => line.name)).toEqual(ENV_VARIABLES);
  });

  it('shows each default, not commented out, and comments out only the variables without one', () => {
    const wrong = lines.flatMap(({ name, commented, value }) => {
      const fallback = ENV_DEFAULTS[name as EnvName];
      if (fallback === undefined) return commented ? [] : [`${name} has no default: comment it out`];
      if (commented) return [`${name} has a default: show it uncommented`];
      const shown = v.safeParse(envRule(name as EnvName), value);
      return shown.success && JSON.stringify(shown.output) === JSON.stringify(fallback)
        ? []
        : [`${name}=${value} is not its default ${JSON.stringify(fallback)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('gives examples that pass their own rule', () => {
    const refused = lines
      .filter(({ name, value }) => !v.safeParse(envRule(name as EnvName), value).success)
      .map(({ name, value }) => `${name}=${value}`);
    expect(refused).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const PROJECT_FILES = [
  ...['src', 'machines', 'server', 'scripts', 'tests'].flatMap(sourceFiles),
  'playwright.config.ts',
  'vite.config.ts',
  'vitest.config.ts',
  'drizzle.config.ts',
  // This file's samples of what it refuses are not reads.
].filter((file) => file !== ENV_MODULE && file !== 'tests/architecture/environment.test.ts');

/** Not configuration: a test sets the time zone for the code under test and puts it back. */
const NOT_CONFIGURATION = new Set(['TZ']);

/**
 * What `text` does with process.env besides handing all of it to a child (`...process.env`) or setting a
 * variable for a library that reads it itself (`process.env.NAME = …`, `delete process.env.NAME`).
 */
function envReads(text: string): string[] {
  return [...text.matchAll(/(\.\.\.|delete\s+)?process\.env\b(\.([A-Za-z_]\w*)(\s*=(?!=))?)?/g)]
    .filter(([, spreadOrDelete, , name, assigned]) => {
      if (spreadOrDelete || assigned) return false;
      return !(name && NOT_CONFIGURATION.has(name));
    })
    .map(([read]) => read);
}

describe('the environment is read through server/env.ts only', () => {
  it('no other file reads process.env, by name or as a whole', () => {
    const reads = PROJECT_FILES.flatMap((file) =>
      envReads(readFileSync(file, 'utf8')).map((read) => `${file}: ${read}`),
    );
    expect(reads).toEqual([]);
  });

  it('the check sees a read by name, a read as a whole, a destructuring and an index', () => {
    const sample = [
      'const port = process.env.WEB_PORT;',
      'readConfig(process.env);',
      'const { A, ...rest } = process.env;',
      "const key = process.env['E2E_WEB_PORT'];",
      'spawn(cmd, { env: { ...process.env } }); process.env.FIREBASE_AUTH_EMULATOR_HOST = host;',
      'delete process.env.TZ; if (process.env.TZ === zone) {}',
    ].join('\n');
    expect(envReads(sample)).toEqual(['process.env.WEB_PORT', 'process.env', 'process.env', 'process.env']);
  });

  it('every VITE_ variable the browser code names is declared', () => {
    const named = sourceFiles('src').flatMap((file) => [
      ...readFileSync(file, 'utf8').matchAll(/\bimport\.meta\.env\.(VITE_\w+)/g),
    ]);
    const declared: readonly string[] = ENV_VARIABLES;
    expect(named.map(([, name]) => name).filter((name) => !declared.includes(name!))).toEqual([]);
  });
});
