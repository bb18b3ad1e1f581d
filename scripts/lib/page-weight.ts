// What a guest's browser actually downloads for a page: loaded in Chromium under the throttling
// Lighthouse's mobile preset stands for (a mid-range phone on slow 4G), so that the first paint comes
// when it would on a phone rather than on a fast local loop.
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/chromium.ts';

// Lighthouse's mobile throttling (constants.throttling.mobileSlow4G) and its Moto G Power screen.
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export interface Download {
  /** The file name under /assets/. */
  file: string;
  /** Compressed bytes on the wire (the response body, as served with Content-Encoding). */
  bytes: number;
  /** When the browser asked for it, ms from the start of navigation. */
  start: number;
}

export interface PageWeight {
  url: string;
  /** First contentful paint, ms from the start of navigation. */
  firstPaint: number;
  js: Download[];
  css: Download[];
}

export async function openBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** A fresh profile (empty cache, no session) on a phone: its screen, slow 4G and a slower CPU. */
export async function openPhonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Loads `url` in a fresh phone profile and lists its same-origin JS and CSS. */
export async function measurePage(browser: Browser, url: string): Promise<PageWeight> {
  const { context, page } = await openPhonePage(browser);
  try {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().startsWith(new URL(url).origin)) {
        failed.push(`${response.status()} ${response.url()}`);
      }
    });
    await page.goto(url, { waitUntil: 'load' });
    // Chunks imported after load (an idle-time import, a below-the-fold section) count as the page's too.
    await page.waitForLoadState('networkidle');
    if (failed.length > 0) throw new Error(`${url} failed to load: ${failed.join(', ')}`);
    const origin = new URL(url).origin;
    const measured = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      resources: performance.getEntriesByType('resource').map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return { name: timing.name, bytes: timing.encodedBodySize, start: timing.startTime };
      }),
    }));
    if (measured.firstPaint === undefined) throw new Error(`${url} never painted any content`);
    // A file fetched twice (a preload, then the import) arrived once: the later entry comes from cache.
    const byFile = new Map<string, Download>();
    for (const resource of measured.resources) {
      if (!resource.name.startsWith(`${origin}/assets/`)) continue;
      const file = new URL(resource.name).pathname.replace('/assets/', '');
      if (!byFile.has(file))
        byFile.set(file, { file, bytes: resource.bytes, start: Math.round(resource.start) });
    }
    const ours = [...byFile.values()];
    return {
      url,
      firstPaint: Math.round(measured.firstPaint),
      js: ours.filter((download) => download.file.endsWith('.js')),
      css: ours.filter((download) => download.file.endsWith('.css')),
    };
  } finally {
    await context.close();
  }
}

export const totalBytes = (downloads: Download[]): number =>
  downloads.reduce((total, download) => total + download.bytes, 0);
