// Issue 34, item 2: a tap on a rendered page's button before its JavaScript has come is kept, and played
// again on the same button once React listens (src/main.tsx keeps them, src/boot.tsx plays them).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

let root: HTMLElement;
beforeEach(() => {
  vi.resetModules();
  root = document.createElement('div');
  root.innerHTML =
    '<button type="button">Open menu</button><button type="button" disabled>Add to Cart</button><a href="#x">Menu</a>';
  document.body.append(root);
});
afterEach(() => root.remove());

const toggle = () => root.querySelectorAll('button')[0]!;
const disabled = () => root.querySelectorAll('button')[1]!;

/** Counts what reaches each button once "React" listens: a listener added after the taps. */
function listen() {
  const heard: string[] = [];
  root.addEventListener('click', (event) => heard.push((event.target as Element).textContent ?? ''));
  return heard;
}

it('keeps a tap on a button and plays it again on that button once React listens', async () => {
  const { keepEarlyTaps, stopKeepingTaps } = await import('../../src/ui/early-taps.ts');
  keepEarlyTaps();
  toggle().click();
  toggle().click();
  const replay = stopKeepingTaps();
  const heard = listen();

  replay();
  expect(heard).toEqual(['Open menu', 'Open menu']);
});

it('keeps no tap on a disabled button, a link, or once React listens; none on a button since removed', async () => {
  const { keepEarlyTaps, stopKeepingTaps } = await import('../../src/ui/early-taps.ts');
  keepEarlyTaps();
  disabled().click();
  root.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  const gone = document.createElement('button');
  root.append(gone);
  gone.click();
  gone.remove();
  const replay = stopKeepingTaps();
  toggle().click();
  const heard = listen();

  replay();
  expect(heard).toEqual([]);
});
