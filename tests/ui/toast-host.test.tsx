import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { notify, toastsWanted } from '../../src/ui/toast.ts';
import { ToastHost } from '../../src/ui/toast-host.tsx';
import { installMediaQueries } from './support/media-queries.ts';

// react-hot-toast asks whether the visitor prefers reduced motion.
beforeAll(installMediaQueries);

describe('the toast host', () => {
  it('mounts nothing until the page’s first toast, then shows it', async () => {
    const { container } = render(<ToastHost />);
    expect(toastsWanted()).toBe(false);
    expect(container.querySelector('[data-rht-toaster]')).toBeNull();

    notify.success('Saved');

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(toastsWanted()).toBe(true);
    expect(container.querySelector('[data-rht-toaster]')).not.toBeNull();
  });
});
