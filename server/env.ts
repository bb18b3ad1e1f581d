// How every process reads its environment, and the variables both servers read. Each reader declares its
// own variables beside it, with defineEnv: the API's in server/api/env.ts, the site server's and the
// build's in server/site/env.ts, the commands' in scripts/lib/env.ts, the benchmarks' in
// scripts/lib/bench-env.ts, the test suites' in tests/server/support/env.ts and tests/e2e/support/env.ts
// (docs/decisions/033). Each variable has its rule and, where it has one, its default there and nowhere
// else; .env.example lists them by reader, in these orders (tests/architecture/environment.test.ts holds
// them together, and keeps process.env out of every other file). A process reads the variables it needs
// with readEnv, which names every bad one at once in an EnvError; the process's entry point reports it
// and exits (docs/decisions/015). This file imports valibot only: a reader's defaults stay with it.
import * as v from 'valibot';

/** The Firebase project `npm start` runs the Auth emulator for: demo-* projects need no credentials. */
export const DEMO_PROJECT_ID = 'demo-pizzon';

/** What a browser on this machine opens, and what the API's CORS and payment return URLs name. */
export const localhostUrl = (port: number): string => `http://localhost:${port}`;
/** Where one local process calls another: the IPv4 loopback, never a name that may resolve to ::1 first. */
export const loopbackUrl = (port: number): string => `http://127.0.0.1:${port}`;

/** The ports `npm start` takes unless told otherwise. */
export const PORTS = { web: 5173, api: 5000, authEmulator: 9099, pg: 54329, mail: 2525, mailWeb: 1080 };

/** `npm start`'s mail catcher (scripts/lib/mail-catcher.ts), the API's mail server unless SMTP_URL names one. */
export const LOCAL_SMTP_URL = `smtp://127.0.0.1:${PORTS.mail}`;

/** Node's timers and PostgreSQL's timeouts take at most this many milliseconds (2^31 - 1). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** A whole number from its decimal text; `1e3`, `-1`, `5.5` and the like are refused, not guessed at. */
export const wholeNumber = (
  fallback: number,
  min: number,
  max: number,
  message = `must be a whole number from ${min} to ${max}`,
) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,10}$/, message),
      v.transform(Number),
      v.minValue(min, message),
      v.maxValue(max, message),
    ),
    String(fallback),
  );
export const port = (fallback: number) =>
  wholeNumber(fallback, 1, 65_535, 'must be a port number from 1 to 65535');
export const milliseconds = (fallback: number) =>
  wholeNumber(
    fallback,
    1,
    MAX_TIMEOUT_MS,
    `must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`,
  );

/** On or off: 1 or true, 0 or false; anything else is a typo worth hearing about. */
export const flag = v.optional(
  v.pipe(
    v.picklist(['1', 'true', '0', 'false'], 'must be 1 (or true) or 0 (or false)'),
    v.transform((text) => text === '1' || text === 'true'),
  ),
  '0',
);

export const text = v.optional(v.string());

export const url = (example: string) => v.pipe(v.string(), v.url(`must be a URL such as ${example}`));

/**
 * A variable's rule: its text in (undefined when unset), its value out, its default where it has one.
 * `wrapped` is the rule without the default, for a variable read as given or required.
 */
export type EnvRule = v.GenericSchema<string | undefined, unknown> & {
  readonly wrapped: v.GenericSchema<string, unknown>;
};
/** One reader's variables, in the order of .env.example: a name and its rule each. */
export type EnvSchema = Readonly<Record<string, EnvRule>>;

/**
 * Declares a reader's variables. A reader that also reads others' spreads their schemas into the one it
 * reads with, in the order of .env.example's sections (`{ ...SERVERS_ENV, ...API_ENV }`).
 */
export const defineEnv = <const S extends EnvSchema>(schema: S): S => schema;

/** The variables both servers read. */
export const SERVERS_ENV = defineEnv({
  DATABASE_URL: v.optional(
    v.string(
      'is not set: start everything with `npm start`, or point it at a PostgreSQL (postgres://user:password@host:5432/pizzon)',
    ),
  ),
  // Node's own are 60 s for the headers and 300 s for the whole request: a client that trickles its
  // request holds a connection that long. Headers come in one or two packets; the largest body the API
  // takes (100 kB) crosses a poor mobile link in well under 30 s. The site server faces visitors too.
  API_HEADERS_TIMEOUT_MS: milliseconds(10_000),
  API_REQUEST_TIMEOUT_MS: milliseconds(30_000),
});

/** Each variable of `S` as its reader gets it (its default applied). */
export type EnvOf<S extends EnvSchema> = v.InferOutput<v.ObjectSchema<S, undefined>>;
/** Where variables are read from: process.env, or a test's object. */
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** One variable's problem: `message` starts with the variable's name and says what to set. */
export interface Problem {
  variable: string;
  message: string;
}

/** Every problem with a process's environment, in the order of .env.example. */
export class EnvError extends Error {
  declare readonly problems: readonly Problem[];

  constructor(problems: readonly Problem[]) {
    super(
      [
        `${problems.length} problem(s) with the environment (.env.example documents every variable):`,
        ...problems.map((problem) => `  ${problem.message}`),
      ].join('\n'),
    );
    this.name = 'EnvError';
    // Not enumerable: Node's print of an uncaught error would list them a second time.
    Object.defineProperty(this, 'problems', { value: problems });
  }
}

/** The variables one process reads. */
export interface EnvSlice<N extends string, G extends string, R extends string> {
  /** Read with their defaults. */
  read?: readonly N[];
  /** Read as given: undefined when unset, whatever the default, for a caller that decides then. */
  given?: readonly G[];
  /** Must be set; the rule's message says how. */
  required?: readonly R[];
}

export type EnvValues<S extends EnvSchema, N extends keyof S, G extends keyof S, R extends keyof S> = {
  [K in N]: EnvOf<S>[K];
} & { [K in G]: EnvOf<S>[K] | undefined } & {
  [K in R]: NonNullable<EnvOf<S>[K]>;
};

/**
 * The slice's values and every problem with them. `values` is whole only without problems: a caller
 * checking rules between variables (server/api/config.ts) reads none that a problem names.
 */
export function inspectEnv<
  S extends EnvSchema,
  N extends keyof S & string,
  G extends keyof S & string = never,
  R extends keyof S & string = never,
>(
  schema: S,
  slice: EnvSlice<N, G, R>,
  source: EnvSource = process.env,
): { values: EnvValues<S, N, G, R>; problems: Problem[] } {
  const rules: Record<string, v.GenericSchema> = {};
  for (const name of slice.read ?? []) rules[name] = schema[name]!;
  for (const name of slice.given ?? []) rules[name] = v.optional(schema[name]!.wrapped);
  for (const name of slice.required ?? []) rules[name] = schema[name]!.wrapped;
  // An empty value counts as unset, as `NAME=` in an env file means.
  const input = Object.fromEntries(
    Object.keys(rules).map((name) => [name, source[name] === '' ? undefined : source[name]]),
  );
  const parsed = v.safeParse(v.object(rules), input, { abortEarly: false });
  const problems = (parsed.issues ?? []).map((issue): Problem => {
    const variable = v.getDotPath(issue) ?? 'environment';
    return { variable, message: `${variable} ${issue.message}` };
  });
  return { values: parsed.output as EnvValues<S, N, G, R>, problems: sortProblems(schema, problems) };
}

/** Puts problems in the schema's order (that of .env.example), whichever check found them. */
export function sortProblems(schema: EnvSchema, problems: Problem[]): Problem[] {
  const order = Object.keys(schema);
  return problems.sort((a, b) => order.indexOf(a.variable) - order.indexOf(b.variable));
}

/** The slice's values; throws an EnvError naming every variable that is wrong. */
export function readEnv<
  S extends EnvSchema,
  N extends keyof S & string,
  G extends keyof S & string = never,
  R extends keyof S & string = never,
>(schema: S, slice: EnvSlice<N, G, R>, source?: EnvSource): EnvValues<S, N, G, R> {
  const { values, problems } = inspectEnv(schema, slice, source);
  if (problems.length) throw new EnvError(problems);
  return values;
}
