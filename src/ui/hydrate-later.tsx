// What lies below a rendered page's first screen is hydrated when it comes near the viewport or on the
// visitor's first input, not with the page: the browser adopts the header and the first screen first,
// and a visitor who never scrolls never pays for the rest (docs/decisions/035-streaming-and-lazy-hydration.md).
import { type ComponentType, memo, type ReactNode, Suspense, useId, useSyncExternalStore } from 'react';
import { useHydrated } from './after-hydration.tsx';

/** A section starts hydrating once it is within half a screen of the viewport. */
const AHEAD = '50% 0px';

/**
 * The inputs that open every waiting section. React hydrates the section a tap, a key or a click lands
 * in at once, then hands it the event, provided the section renders then: these listeners run on the
 * document in the capture phase, before React's on the root, so the sections are open by that time.
 */
const FIRST_INPUTS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'focusin', 'click', 'input'];

/** The attribute of the marker a section's server HTML starts with: how the browser finds it. */
const MARKER = 'data-hydrate-later';

let opened = false;
const onFirstInput = new Set<() => void>();
const near = new Set<string>();
const waits = new Map<string, { promise: Promise<void>; open: () => void }>();
let observer: IntersectionObserver | undefined;
const sectionIds = new WeakMap<Element, string>();

function openAll() {
  opened = true;
  for (const type of FIRST_INPUTS) document.removeEventListener(type, openAll, true);
  observer?.disconnect();
  for (const wait of waits.values()) wait.open();
  waits.clear();
  for (const listener of onFirstInput) listener();
}

/**
 * From now on the visitor's first input hydrates every waiting section. Idempotent; boot.tsx calls it
 * before hydrating, so that it is in place before any of React's listeners.
 */
export function hydrateAllOnFirstInput(): void {
  if (opened || typeof document === 'undefined') return;
  for (const type of FIRST_INPUTS) document.addEventListener(type, openAll, true);
}

function subscribeToFirstInput(listener: () => void): () => void {
  hydrateAllOnFirstInput();
  onFirstInput.add(listener);
  return () => onFirstInput.delete(listener);
}

/** True once the visitor has tapped, typed or clicked on the page; false on the server and while hydrating. */
export function useFirstInputCame(): boolean {
  return useSyncExternalStore(
    subscribeToFirstInput,
    () => opened,
    () => false,
  );
}

function sectionsObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = sectionIds.get(entry.target);
        if (!entry.isIntersecting || id === undefined) continue;
        observer?.unobserve(entry.target);
        near.add(id);
        waits.get(id)?.open();
        waits.delete(id);
      }
    },
    { rootMargin: AHEAD },
  );
  return observer;
}

/**
 * What the section `id` waits for while the browser hydrates the server's HTML, or nothing when it
 * renders now: on the server, in a render of the browser's own, once near or after an input, and where
 * the server's HTML has no such section or the browser cannot say what is near.
 */
function waitFor(id: string): Promise<void> | undefined {
  if (opened || near.has(id) || typeof document === 'undefined') return undefined;
  const marker = document.querySelector(`template[${MARKER}="${id}"]`);
  if (!marker || typeof IntersectionObserver !== 'function') return undefined;
  let wait = waits.get(id);
  if (!wait) {
    let open = () => {};
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    wait = { promise, open };
    waits.set(id, wait);
    hydrateAllOnFirstInput();
    const section = marker.nextElementSibling ?? marker.parentElement!;
    sectionIds.set(section, id);
    sectionsObserver().observe(section);
  }
  return wait.promise;
}

/**
 * Suspends while the section waits: React then leaves the server's HTML in place, and hydrates it when
 * the promise settles. The marker stays in the HTML, so that the browser finds the section by its id
 * (useId: the same on the server and in the browser).
 */
function Gate({ children }: { children: ReactNode }) {
  const id = useId();
  const hydrating = !useHydrated();
  const wait = hydrating ? waitFor(id) : undefined;
  if (wait) throw wait;
  return (
    <>
      <template {...{ [MARKER]: id }} />
      {children}
    </>
  );
}

/**
 * `Section`, hydrated when it comes near the viewport or on the first input (the server renders it as
 * it is). Memoised: React 18 renders a section that is still waiting from scratch, throwing the
 * server's HTML away, if its parent gives it new props before then; a memo with equal props is skipped.
 */
export function hydratedWhenNear<Props extends object>(Section: ComponentType<Props>) {
  function WhenNear(props: Props) {
    return (
      <Suspense fallback={null}>
        <Gate>
          <Section {...props} />
        </Gate>
      </Suspense>
    );
  }
  WhenNear.displayName = `HydratedWhenNear(${Section.displayName ?? Section.name})`;
  return memo(WhenNear);
}
