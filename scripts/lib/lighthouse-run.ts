// Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and a 4x slower CPU) in Debian's
// Chromium. Every page is measured a few times and every run is kept: the targets hold on the worst
// run, since on a shared machine a lucky run proves nothing.
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/chromium.ts';

// Playwright adds its own headless flag; chrome-launcher needs it spelled out.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds, milliseconds and a unitless score, as Lighthouse reports them. */
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Audits that cost points in accessibility or best practices: "id: title". */
  failing: string[];
  /** Lighthouse's measure of this machine's CPU at the run's start (its `benchmarkIndex`). */
  benchmarkIndex: number;
  /** What Lighthouse warned of about the run itself (a slow host among them). */
  warnings: string[];
}

const score = (result: Result, category: string) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);
const value = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

/** The first few elements an audit points at, by their CSS selector. */
function whereIn(details: unknown): string {
  const items = (details as { items?: Array<{ node?: { selector?: string } }> } | undefined)?.items ?? [];
  const selectors = items.flatMap((item) => (item.node?.selector ? [`\`${item.node.selector}\``] : []));
  if (selectors.length === 0) return '';
  const more = selectors.length > 3 ? ` and ${selectors.length - 3} more` : '';
  return `: ${selectors.slice(0, 3).join(', ')}${more}`;
}

function failingAudits(result: Result): string[] {
  const failing: string[] = [];
  for (const category of ['accessibility', 'best-practices']) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${category}: ${ref.id} (${audit.title})${whereIn(audit.details)}`);
      }
    }
  }
  return failing;
}

function summarise(result: Result): LighthouseScores {
  return {
    performance: score(result, 'performance'),
    accessibility: score(result, 'accessibility'),
    bestPractices: score(result, 'best-practices'),
    lcp: value(result, 'largest-contentful-paint'),
    tbt: value(result, 'total-blocking-time'),
    cls: value(result, 'cumulative-layout-shift'),
    fcp: value(result, 'first-contentful-paint'),
    failing: failingAudits(result),
    benchmarkIndex: result.environment.benchmarkIndex,
    warnings: result.runWarnings,
  };
}

/** One Lighthouse run; a run whose trace failed (it happens, e.g. NO_NAVSTART) is made again. */
async function measure(url: string, port: number, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = outcome.lhr.runtimeError;
    if (!failure) return outcome.lhr;
    if (attempt === attempts) throw new Error(`Lighthouse could not measure ${url}: ${failure.message}`);
    console.log(`  lighthouse ${url}: ${failure.code}, trying again`);
  }
}

/** `runs` Lighthouse runs of each URL, in the order they were made. */
export async function runLighthouse(urls: string[], runs: number): Promise<Map<string, LighthouseScores[]>> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const scores = new Map<string, LighthouseScores[]>();
  try {
    for (const url of urls) {
      const results: LighthouseScores[] = [];
      for (let run = 1; run <= runs; run++) {
        results.push(summarise(await measure(url, chrome.port)));
        const last = results.at(-1)!;
        console.log(
          `  lighthouse ${url} run ${run}: performance ${last.performance}, TBT ${Math.round(last.tbt)} ms, LCP ${Math.round(last.lcp)} ms, benchmarkIndex ${Math.round(last.benchmarkIndex)}${last.warnings.map((w) => `; ${w}`).join('')}`,
        );
      }
      scores.set(url, results);
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

/** The lowest, median and highest of some figures. */
export function spread(values: number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
}
