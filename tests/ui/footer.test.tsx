import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../src/components/footer.tsx';

function renderInRouter(ui: () => React.ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: ui, staticData: { pageName: 'Test' } }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(<RouterProvider router={router} />);
}

describe('Footer', () => {
  it('shows the spec’s opening hours, useful links, social buttons and copyright', async () => {
    renderInRouter(Footer);
    const footer = await screen.findByRole('contentinfo');
    for (const text of ['Mon-Tues', 'Wednes-Thurs', 'Launch', 'Sunday']) {
      expect(within(footer).getByText(text)).toBeInTheDocument();
    }
    expect(within(footer).getAllByText('6:00am-10:00pm')).toHaveLength(2);
    for (const text of [
      'Privacy Policy',
      'Order Tracking',
      'Warranty and Services',
      'About',
      'Contact Us',
      'Wishlist',
    ]) {
      const item = within(footer).getByText(text);
      expect(item.closest('a')).toBeNull();
    }
    expect(within(footer).getAllByRole('button', { name: /^Pizzon on / })).toHaveLength(4);
    expect(within(footer).getByText(/2023/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: /Pizzon/ })).toHaveAttribute('href', '/');
  });
});
