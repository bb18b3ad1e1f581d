import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MenuItem } from '../../contract/menu.ts';
import type { Page } from '../../contract/paging.ts';
import { createListMachine } from '../../machines/list.machine.ts';
import { adminLogic } from '../../src/actors/admin.ts';
import { giveLogic } from '../../src/actors/context.tsx';
import { testActors, withActors } from './support/actors.tsx';
import './support/sweetalert-dom.ts';

// An item name an admin (or anyone who got into the menu) could type: if it reached sweetalert2 as
// HTML, the browser would fetch `x`, fail, and run the handler.
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

const item: MenuItem = {
  _id: '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69',
  name: HOSTILE,
  price: 12.5,
  quantity: 4,
  image: '/images/menu/margherita.jpg',
  category: 'pizza',
  description: 'A pizza with an unfortunate name.',
};

// Manage items reads its place from the router (replaced here) and its rows from the admin's list
// machine (given through the provider), so the page renders alone with one row.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useSearch: () => ({}),
  useNavigate: () => () => Promise.resolve(),
}));

const oneRow = giveLogic(adminLogic, {
  adminItems: createListMachine<MenuItem, object>('adminItems').provide({
    actors: {
      fetchPage: fromPromise(async (): Promise<Page<MenuItem>> => ({ rows: [item], next: null })),
      act: fromPromise(async () => 1),
    },
  }),
});

describe('dialogs show data as text', () => {
  it('shows an item named like an <img> tag as its name in the Delete item dialog, not as an image', async () => {
    const { ManageItemsPage } = await import('../../src/routes/admin/manage-items.tsx');
    const Page = withActors(ManageItemsPage, testActors(), [oneRow]);
    render(<Page />);
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${HOSTILE}` }));

    const dialog = await screen.findByRole('dialog');
    const title = dialog.querySelector('.swal2-title');
    expect(title).toHaveTextContent(`Delete ${HOSTILE}?`);
    expect(title?.children).toHaveLength(0);
    // sweetalert2's own (hidden, empty) picture is the only image.
    expect(dialog.querySelectorAll('img:not(.swal2-image)')).toHaveLength(0);
    expect(dialog.querySelector('[onerror]')).toBeNull();
  });

  it('writes a title and a text given to showDialog as text nodes', async () => {
    const { showDialog } = await import('../../src/ui/dialog.ts');
    void showDialog({ titleText: HOSTILE, text: `<b>${HOSTILE}</b>` });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.swal2-title')).toHaveTextContent(HOSTILE);
    expect(dialog.querySelector('.swal2-html-container')).toHaveTextContent(`<b>${HOSTILE}</b>`);
    expect(dialog.querySelectorAll('b, img:not(.swal2-image), [onerror]')).toHaveLength(0);
  });
});
