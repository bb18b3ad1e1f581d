import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from '../../src/components/form-field.tsx';
import { CHEFS } from '../../src/content/chefs.ts';
import { AdminDashboard } from '../../src/routes/dashboards.tsx';
import { TOAST_GAP_PX, useToastTop } from '../../src/ui/toaster.tsx';
import { renderAt } from './support/router.tsx';

const read = (path: string) => readFileSync(resolve(process.cwd(), path), 'utf8');
const css = read('src/styles/app.css');

/** The @apply list of one component class in app.css. */
function applied(selector: string): string[] {
  const match = css.match(new RegExp(`\\${selector} \\{\\s*@apply ([^;]+);`));
  if (!match?.[1]) throw new Error(`app.css applies nothing to ${selector}`);
  return match[1].split(/\s+/);
}

describe('form errors are readable on a phone', () => {
  it('renders a field’s error with the field-error class, its text unchanged', () => {
    render(
      <FormField label="Email" error="Email is required">
        <input />
      </FormField>,
    );
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent(/^Email is required$/);
    expect(error).toHaveClass('field-error');
  });

  it('sets field-error at 16 px or more (text-base or larger), never text-sm or text-xs', () => {
    const classes = applied('.field-error');
    expect(classes).not.toContain('text-sm');
    expect(classes).not.toContain('text-xs');
    expect(classes.some((c) => /^text-(base|lg|xl)$/.test(c))).toBe(true);
  });

  it('writes no form or action error in text-sm anywhere', () => {
    for (const file of [
      'src/components/form-field.tsx',
      'src/components/booking-form.tsx',
      'src/components/controls.tsx',
      'src/routes/auth.tsx',
      'src/routes/admin/kitchen.tsx',
    ]) {
      for (const line of read(file)
        .split('\n')
        .filter((l) => /role="alert"|field-error/.test(l))) {
        expect(line, file).not.toMatch(/\btext-(sm|xs)\b/);
      }
    }
  });
});

describe('dashboard tabs', () => {
  async function renderAdminDashboard() {
    renderAt('/admin', AdminDashboard, 'Admin Dashboard');
    return screen.findByRole('navigation', { name: 'Admin Dashboard sections' });
  }

  it('wrap in named groups rather than scroll a row sideways that hides its last tabs', async () => {
    const nav = await renderAdminDashboard();
    const groups = ['Overview', 'Service', 'Menu', 'Shop'].map((name) =>
      within(nav).getByRole('list', { name }),
    );
    expect(within(nav).getAllByRole('list')).toEqual(groups);
    for (const list of groups) {
      expect(list).toHaveClass('flex-wrap');
      expect(list.className).not.toMatch(/overflow-x-auto|flex-nowrap/);
      for (const link of within(list).getAllByRole('link')) expect(link).toHaveClass('whitespace-nowrap');
    }
  });

  it('sit below the dark banner, not pulled up across its edge', async () => {
    const nav = await renderAdminDashboard();
    for (const element of [nav, ...within(nav).getAllByRole('list')])
      expect(element.className).not.toMatch(/(^|\s)-m[ty]-/);
  });
});

describe('chefs', () => {
  // What each portrait shows, in the words of the picture's own <title>.
  const portraitOf = (img: string) => {
    const title = read(`public${img}`).match(/<title>([^<]+)<\/title>/)?.[1];
    if (!title) throw new Error(`${img} has no <title>`);
    return title;
  };

  it('draws Sofia Rahman with long hair and no beard, Daniel Okafor with a beard', () => {
    const byName = new Map(CHEFS.map((chef) => [chef.name, portraitOf(chef.img)]));
    expect(byName.get('Sofia Rahman')).toMatch(/long auburn hair/);
    expect(byName.get('Sofia Rahman')).not.toMatch(/beard|moustache/);
    expect(byName.get('Daniel Okafor')).toMatch(/beard/);
    expect(byName.get('Daniel Okafor')).not.toMatch(/long .*hair/);
  });

  it('matches every name, title and portrait', () => {
    expect(CHEFS.map(({ name, title, img }) => [name, title, portraitOf(img)])).toEqual([
      ['Marco Bellini', 'Head Pizzaiolo', expect.stringMatching(/senior head chef .* moustache/)],
      ['Daniel Okafor', 'Grill Master', expect.stringMatching(/black beard/)],
      ['Sofia Rahman', 'Pastry Chef', expect.stringMatching(/pastry chef with long auburn hair/)],
      ['Luca Romano', 'Sous Chef', expect.stringMatching(/young chef with black hair and round glasses/)],
      ['Aiko Tanaka', 'Executive Chef', expect.stringMatching(/curly black hair and gold hoop earrings/)],
    ]);
  });

  it('uses each portrait once, all from the repository', () => {
    const images = CHEFS.map((chef) => chef.img);
    expect(new Set(images).size).toBe(CHEFS.length);
    for (const img of images) expect(img).toMatch(/^\/images\/chefs\/chef-\d\.svg$/);
  });
});

describe('toasts', () => {
  it('start below the navigation bar, measured, not at the top of the window', () => {
    const header = document.createElement('header');
    const bar = document.createElement('nav');
    header.append(bar);
    document.body.append(header);
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 375, 68.4));
    try {
      const { result } = renderHook(() => useToastTop());
      expect(result.current).toBe(69 + TOAST_GAP_PX);
    } finally {
      header.remove();
    }
  });
});
