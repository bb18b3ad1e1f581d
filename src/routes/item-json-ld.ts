import type { MenuItem } from '../../contract/menu.ts';
import { CURRENCY, formatAmount, toCents } from '../../contract/money.ts';

/**
 * The item as schema.org reads a dish (https://schema.org/MenuItem): its price and stock as an Offer,
 * and its option groups as `menuAddOn`, one MenuSection per group with its choices and what each adds.
 * The item page puts it in its HTML, which the site server renders, so search engines read the menu.
 * Addresses are the site's own paths: JSON-LD resolves them against the page's address, whichever
 * origin served it.
 */
export function itemJsonLd(item: MenuItem, path: string): Record<string, unknown> {
  const offer = (cents: number, available: boolean) => ({
    '@type': 'Offer',
    price: formatAmount(cents),
    priceCurrency: CURRENCY,
    availability: `https://schema.org/${available ? 'InStock' : 'OutOfStock'}`,
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'MenuItem',
    '@id': path,
    url: path,
    name: item.name,
    description: item.description,
    image: item.image,
    offers: offer(toCents(item.price), item.quantity > 0),
    ...(item.options?.length
      ? {
          menuAddOn: item.options.map((group) => ({
            '@type': 'MenuSection',
            name: group.name,
            description: group.required
              ? `Choose ${group.min === group.max ? group.min : `${group.min} to ${group.max}`}`
              : `Choose up to ${group.max}`,
            hasMenuItem: group.choices.map((choice) => ({
              '@type': 'MenuItem',
              name: choice.name,
              offers: offer(toCents(choice.priceDelta), choice.available),
            })),
          })),
        }
      : {}),
  };
}

/** JSON for a <script> element: no '<' can close it early, whatever a name holds. */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');
