import { afterEach, beforeAll } from 'vitest';
import { installMediaQueries } from './media-queries.ts';

/**
 * What sweetalert2 needs of a browser that jsdom lacks, and a closed dialog after each test. Import it
 * from a test file that opens real dialogs.
 */
beforeAll(() => {
  // sweetalert2 asks for the colour scheme; jsdom has no media queries.
  installMediaQueries();
  // sweetalert2 writes `titleText` through innerText, which jsdom does not implement; a browser's
  // setter puts the string in as text, as textContent does.
  if (!('innerText' in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, 'innerText', {
      configurable: true,
      get(this: HTMLElement) {
        return this.textContent ?? '';
      },
      set(this: HTMLElement, value: string) {
        this.textContent = value;
      },
    });
  }
});

afterEach(async () => {
  const { default: Swal } = await import('sweetalert2');
  Swal.close();
});
