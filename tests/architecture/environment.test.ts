import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BENCH_ENV } from '../../scripts/lib/bench-env.ts';
import { COMMANDS_ENV } from '../../scripts/lib/env.ts';
import { API_ENV } from '../../server/api/env.ts';
import { type EnvRule, type EnvSchema, SERVERS_ENV } from '../../server/env.ts';
import { SITE_ENV } from '../../server/site/env.ts';
import { BROWSER_TESTS_ENV } from '../e2e/support/env.ts';
import { SERVER_TESTS_ENV } from '../server/support/env.ts';

/** The one module that reads the environment (docs/decisions: one environment schema). */
const ENV_MODULE = 'server/env.ts';

/** Every reader's variables by the file that declares them, in the order of .env.example's sections. */
const SCHEMAS: Record<string, EnvSchema> = {
  'server/env.ts': SERVERS_ENV,
  'server/api/env.ts': API_ENV,
  'server/site/env.ts': SITE_ENV,
  'scripts/lib/env.ts': COMMANDS_ENV,
  'scripts/lib/bench-env.ts': BENCH_ENV,
  'tests/server/support/env.ts': SERVER_TESTS_ENV,
  'tests/e2e/support/env.ts': BROWSER_TESTS_ENV,
};
const RULES: Record<string, EnvRule> = Object.assign({}, ...Object.values(SCHEMAS));

interface Documented {
  /** The file its section of .env.example names (`# ==== Title (path) ====`); undefined before the first. */
  section: string | undefined;
  name: string;
  commented: boolean;
  /** The value as an env file means it: quotes taken off, an empty value unset. */
  value: string | undefined;
}

/** Every `NAME=value` line of .env.example, commented out (`# NAME=`) or not, with its section. */
function documented(): Documented[] {
  let section: string | undefined;
  return readFileSync('.env.example', 'utf8')
    .split('\n')
    .flatMap((line) => {
      const heading = /^# =+ .+ \(([\w./-]+\.ts)\) =+$/.exec(line);
      if (heading) section = heading[1];
      const match = /^(# ?)?([A-Z][A-Z0-9_]*)=("[^"]*"|\S*)/.exec(line);
      if (!match) return [];
      const text = match[3]!.replace(/^"(.*)"$/, '$1');
      return [
        {
          section,
          name: match[2]!,
          commented: match[1] !== undefined,
          value: text === '' ? undefined : text,
        },
      ];
    });
}

/** A variable's default as its reader gets it; undefined where it has none. */
const defaultOf = (name: string): unknown => v.parse(RULES[name]!, undefined);

describe('.env.example', () => {
  const lines = documented();

  it('has a section per reader, in order, naming its variables in the order of its schema, and no other', () => {
    const sections = lines.reduce<Array<[string | undefined, string[]]>>((found, { section, name }) => {
      const last = found.at(-1);
      if (last && last[0] === section) last[1].push(name);
      else found.push([section, [name]]);
      return found;
    }, []);
    expect(sections).toEqual(Object.entries(SCHEMAS).map(([file, schema]) => [file, Object.keys(schema)]));
  });

  it('declares each variable for one reader only', () => {
    const names = Object.values(SCHEMAS).flatMap((schema) => Object.keys(schema));
    expect(names.filter((name, at) => names.indexOf(name) !== at)).toEqual([]);
  });

  it('shows each default, not commented out, and comments out only the variables without one', () => {
    const wrong = lines.flatMap(({ name, commented, value }) => {
      const fallback = defaultOf(name);
      if (fallback === undefined) return commented ? [] : [`${name} has no default: comment it out`];
      if (commented) return [`${name} has a default: show it uncommented`];
      const shown = v.safeParse(RULES[name]!, value);
      return shown.success && JSON.stringify(shown.output) === JSON.stringify(fallback)
        ? []
        : [`${name}=${value} is not its default ${JSON.stringify(fallback)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('gives examples that pass their own rule', () => {
    const refused = lines
      .filter(({ name, value }) => !v.safeParse(RULES[name]!, value).success)
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

  it('every VITE_ variable the browser code names is declared with the build’s (server/site/env.ts)', () => {
    const named = sourceFiles('src').flatMap((file) => [
      ...readFileSync(file, 'utf8').matchAll(/\bimport\.meta\.env\.(VITE_\w+)/g),
    ]);
    expect(named.map(([, name]) => name).filter((name) => !(name! in SITE_ENV))).toEqual([]);
  });

  it('every file that declares variables has its section in .env.example', () => {
    const declaring = [ENV_MODULE, ...PROJECT_FILES].filter((file) =>
      /=\s*defineEnv\(/.test(readFileSync(file, 'utf8')),
    );
    expect(declaring.sort()).toEqual(Object.keys(SCHEMAS).sort());
  });
});
