import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

afterEach(() => cleanup());

// findBy…/waitFor give up after 1 s by default: a fast machine's figure. On a busy CI machine a first
// render (its imports transformed on the spot) can take longer, and a wait that fails still fails.
configure({ asyncUtilTimeout: 5_000 });

// React 18's server renderer warns of every useLayoutEffect it meets; React 19 dropped the warning, so
// letting it through checks what these tests checked before. The libraries here (the router,
// @xstate/react) take useLayoutEffect wherever there is a `window`, as there is in these tests' jsdom;
// on the site server there is none, and they take useEffect.
const LAYOUT_EFFECT_ON_SERVER = /^Warning: useLayoutEffect does nothing on the server/;

// A stray console.error (React warnings included) fails the test that caused it.
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  const message = args.map(String).join(' ');
  if (LAYOUT_EFFECT_ON_SERVER.test(message)) return;
  throw new Error(`console.error: ${message}`);
});

// jsdom lays nothing out, so it has no scrolling: the router's scroll restoration and sweetalert2's
// on close would print "Not implemented: Window's scrollTo() method" at every turn.
window.scrollTo = () => {};
