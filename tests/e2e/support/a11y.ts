import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { scrollThrough } from './scroll.ts';

/**
 * axe-core's serious and critical violations on the page as it is now, one line per element: what is
 * wrong and where, so a failure can be fixed without rerunning axe by hand.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary}`,
      ),
    );
}

/** Waits until the page has its data: no request in flight and no Loading screen. */
export async function settled(page: Page): Promise<void> {
  // Sections far below the fold load as a visitor scrolls near them.
  await scrollThrough(page);
  await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toHaveCount(0);
}

/**
 * Checks the page in its current state and records its violations as a soft failure, so one run
 * reports every page that needs fixing.
 */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  await settled(page);
  expect.soft(await seriousViolations(page), `${name} (${page.url()})`).toEqual([]);
}

export interface TabStop {
  /** The element as a reader would name it: tag, role, accessible-ish text. */
  name: string;
  /**
   * Focused by keyboard with a visible indicator: an outline of 2px or more, or a box-shadow ring, in a
   * colour with at least 3:1 contrast against the surface around the element (WCAG 1.4.11).
   */
  focusVisible: boolean;
}

export interface TabWalk {
  stops: TabStop[];
  /** Visible links and controls the Tab key never reached. */
  unreached: string[];
}

/**
 * Presses Tab from the top of the page until focus comes round again, and compares what it reached
 * with every visible link, button and control that should take focus. Tabs of a tablist other than the
 * selected one are left to the arrow keys (the WAI-ARIA tabs pattern).
 */
export async function walkWithTab(page: Page): Promise<TabWalk> {
  const expected = await page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [role="button"], [role="link"]';
    const names: string[] = [];
    document.querySelectorAll<HTMLElement>(selector).forEach((element, index) => {
      const visible =
        element.checkVisibility({ visibilityProperty: true }) && element.getClientRects().length > 0;
      const disabled = (element as HTMLButtonElement).disabled === true;
      const rovingTab =
        element.getAttribute('role') === 'tab' && element.getAttribute('aria-selected') !== 'true';
      if (!visible || disabled || rovingTab) return;
      element.dataset.tabWalk = String(index);
      names.push(String(index));
    });
    return names;
  });

  await page.locator('body').focus();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const stops: TabStop[] = [];
  const reached = new Set<string>();
  let previous: string | null = null;
  // A date field takes several presses (day, month, year), hence the margin.
  for (let press = 0; press < expected.length * 3 + 20; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      // Judge the indicator as it ends up, not halfway through a colour transition: each one that has an
      // end is ended here. Waiting for it could wait forever (a CI run hung on the Login link's).
      for (const animation of element.getAnimations()) {
        if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) animation.finish();
      }
      // Any CSS colour (oklch, color-mix, …) as sRGB, painted over an opaque colour on a 1×1 canvas.
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      const paint = (color: string, over: string) => {
        context.fillStyle = over;
        context.fillRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (rgb: number[]) => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      // The indicator is drawn around the element, over what is behind it.
      let surface = 'rgb(255, 255, 255)';
      for (let node = element.parentElement; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor;
        if (paint(background, 'rgb(1, 2, 3)').join() !== '1,2,3') {
          surface = `rgb(${paint(background, 'rgb(255, 255, 255)').join(',')})`;
          break;
        }
      }
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
      // A ring is a box-shadow with a spread and a colour that is not transparent; the outermost one
      // shows (a ring offset is a ring of the surface's colour inside it).
      const rings = [...style.boxShadow.matchAll(/([a-z]+\([^)]*\))\s+\S+\s+\S+\s+\S+\s+([\d.]+)px/g)]
        .filter(([, color, spread]) => Number(spread) > 0 && paint(color!, 'rgb(1, 2, 3)').join() !== '1,2,3')
        .sort(([, , a], [, , b]) => Number(b) - Number(a))
        .map(([, color]) => color!);
      const ring = rings.length > 0;
      const indicator = outline ? style.outlineColor : (rings[0] ?? 'transparent');
      const [light, dark] = [luminance(paint(indicator, surface)), luminance(paint(surface, surface))].sort(
        (a, b) => b - a,
      ) as [number, number];
      const contrast = (light + 0.05) / (dark + 0.05);
      const label =
        element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.id ?? '';
      return {
        key: element.dataset.tabWalk ?? null,
        name: `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${label}" (${contrast.toFixed(2)}:1)`,
        focusVisible: element.matches(':focus-visible') && (outline || ring) && contrast >= 3,
      };
    });
    // Focus left the page (to the browser's UI) or came round to the first stop again.
    if (!stop || (stop.key !== null && stop.key === [...reached][0])) break;
    if (stop.key !== null && stop.key === previous) continue;
    previous = stop.key;
    if (stop.key !== null) reached.add(stop.key);
    stops.push({ name: stop.name, focusVisible: stop.focusVisible });
  }

  const unreached = await page.evaluate(
    (keys) =>
      keys.map((key) => {
        const element = document.querySelector<HTMLElement>(`[data-tab-walk="${key}"]`);
        const label = element?.getAttribute('aria-label') ?? element?.textContent?.trim().slice(0, 40) ?? '';
        return `${element?.tagName.toLowerCase()} "${label}"`;
      }),
    expected.filter((key) => !reached.has(key)),
  );
  return { stops, unreached };
}
