import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type DialogButton, type DialogOptions, showDialog } from '../../src/ui/dialog.ts';
import './support/sweetalert-dom.ts';

const css = readFileSync(resolve(process.cwd(), 'src/styles/app.css'), 'utf8');

/** The declarations of one rule of app.css (its @apply list or its properties). */
function rule(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  expect(start, `app.css has a rule for ${selector}`).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
}

async function open(options: Partial<DialogOptions>) {
  void showDialog({ titleText: 'Sure?', showCancelButton: true, ...options });
  const dialog = await screen.findByRole('dialog');
  const confirm = dialog.querySelector<HTMLButtonElement>('.swal2-confirm');
  const cancel = dialog.querySelector<HTMLButtonElement>('.swal2-cancel');
  if (!confirm || !cancel) throw new Error('the dialog has no confirm or cancel button');
  return { dialog, confirm, cancel };
}

describe('dialog buttons: destructive in red, the way out neutral', () => {
  // Every caller's confirm word: manage items/users and my order (Delete), manage orders (Remove,
  // Confirm), the kitchen (Cancel order / Keep order), the item page (Login).
  const destructive: DialogButton[] = ['Delete', 'Remove', 'Cancel order'];
  const safe: Array<DialogButton | undefined> = ['Confirm', 'Login', undefined];

  it.each(destructive)('paints the %s button red and Cancel neutral', async (word) => {
    const { confirm, cancel } = await open({ confirmButtonText: word });
    expect(confirm).toHaveTextContent(word);
    expect(confirm).toHaveClass('btn-danger');
    expect(cancel).toHaveClass('btn-neutral');
    expect(cancel).not.toHaveClass('btn-danger');
  });

  it.each(safe)('paints a non-destructive confirm (%s) in the site’s orange, never red', async (word) => {
    const { confirm, cancel } = await open({ confirmButtonText: word });
    expect(confirm).toHaveClass('btn-primary');
    expect(confirm).not.toHaveClass('btn-danger');
    expect(cancel).toHaveClass('btn-neutral');
  });

  it('keeps the kitchen’s Keep order as the neutral way out of Cancel order', async () => {
    const { confirm, cancel } = await open({
      confirmButtonText: 'Cancel order',
      cancelButtonText: 'Keep order',
    });
    expect(confirm).toHaveClass('btn-danger');
    expect(cancel).toHaveTextContent('Keep order');
    expect(cancel).toHaveClass('btn-neutral');
  });

  it('leaves sweetalert2’s own button colours out: no inline colours, no swal2-styled', async () => {
    const { confirm, cancel } = await open({ confirmButtonText: 'Delete' });
    for (const button of [confirm, cancel]) {
      expect(button).not.toHaveClass('swal2-styled');
      expect(button.style.backgroundColor).toBe('');
    }
  });

  it('defines btn-danger as white on coral red and btn-neutral without any red', () => {
    expect(rule('.btn-danger')).toMatch(/\bbg-coral-ink\b/);
    expect(rule('.btn-danger')).toMatch(/\btext-white\b/);
    expect(rule('.btn-neutral')).not.toMatch(/coral/);
    expect(rule('.btn-neutral')).toMatch(/\bbg-white\b/);
    expect(rule('.btn-neutral')).toMatch(/\btext-ink\b/);
  });
});

describe('dialogs in the site’s fonts', () => {
  it('marks the popup as a site dialog', async () => {
    const { dialog } = await open({});
    expect(dialog).toHaveClass('site-dialog');
  });

  it('sets the site dialog, its title and its buttons in the site’s sans (PT Sans Narrow)', () => {
    expect(css).toMatch(/--font-sans:\s*"PT Sans Narrow"/);
    expect(rule('.swal2-popup.site-dialog')).toMatch(/font-family:\s*var\(--font-sans\)/);
    expect(rule('.site-dialog .swal2-title')).toMatch(/font-family:\s*var\(--font-sans\)/);
    // The buttons are the site's .btn-* (which inherit the popup's font), not sweetalert2's.
    for (const button of ['.btn-primary', '.btn-danger', '.btn-neutral'])
      expect(rule(button)).toMatch(/font-bold/);
  });
});
