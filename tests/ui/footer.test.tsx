import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../src/components/footer.tsx';
import { renderAt } from './support/router.tsx';

describe('Footer', () => {
  it('shows the spec’s opening hours, useful links, social buttons and copyright', async () => {
    renderAt('/', Footer);
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
