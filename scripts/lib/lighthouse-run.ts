// Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and a 4x slower CPU) in Debian's
// Chromium. Every page is measured a few times and every run is kept: the targets hold on the worst
// run, since on a shared machine a lucky run proves nothing. Each run is followed by one of the same page
// with its scripts blocked: the page's floor on this host, the browser's own work (HTML, styles, layout,
// pictures) that no change to the app's JavaScript can remove, measured beside it as a ceiling is.
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

/** The floor's figures: a page without its scripts has no accessibility or best practices to judge. */
export type FloorScores = Pick<LighthouseScores, 'performance' | 'tbt' | 'lcp'>;

/** A page's runs, each beside the run of the same page with its scripts blocked that followed it. */
export interface PageRuns {
  runs: LighthouseScores[];
  floor: FloorScores[];
}

/**
 * One Lighthouse run, all categories or, with `scriptsBlocked`, performance with every .js request
 * refused; a run whose trace failed (it happens, e.g. NO_NAVSTART) is made again.
 */
async function measure(url: string, port: number, scriptsBlocked: boolean, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      ...(scriptsBlocked
        ? { onlyCategories: ['performance'], blockedUrlPatterns: ['*.js'] }
        : { onlyCategories: CATEGORIES }),
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = outcome.lhr.runtimeError;
    if (!failure) return outcome.lhr;
    if (attempt === attempts) throw new Error(`Lighthouse could not measure ${url}: ${failure.message}`);
    console.log(`  lighthouse ${url}: ${failure.code}, trying again`);
  }
}

/** `runs` Lighthouse runs of each URL, each followed by its floor, in the order they were made. */
export async function runLighthouse(urls: string[], runs: number): Promise<Map<string, PageRuns>> {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const scores = new Map<string, PageRuns>();
  try {
    for (const url of urls) {
      const page: PageRuns = { runs: [], floor: [] };
      for (let run = 1; run <= runs; run++) {
        const last = summarise(await measure(url, chrome.port, false));
        const { performance, tbt, lcp } = summarise(await measure(url, chrome.port, true));
        page.runs.push(last);
        page.floor.push({ performance, tbt, lcp });
        console.log(
          `  lighthouse ${url} run ${run}: performance ${last.performance}, TBT ${Math.round(last.tbt)} ms, LCP ${Math.round(last.lcp)} ms, benchmarkIndex ${Math.round(last.benchmarkIndex)}${last.warnings.map((w) => `; ${w}`).join('')}; without scripts: performance ${performance}, TBT ${Math.round(tbt)} ms`,
        );
      }
      scores.set(url, page);
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
