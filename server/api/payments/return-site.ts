// A customer pays on the gateway's page and comes back to the storefront at the address they shopped
// at: the browser keeps a sign-in per origin, so coming back to another address would sign them out.

/** The query field that carries the storefront origin through the gateway's page and back. */
export const RETURN_SITE_FIELD = 'site';

/** `asked` when it is one of the storefront's origins; otherwise the first (never an open redirect). */
export function returnSiteOf(siteOrigins: readonly string[], asked: string | null | undefined): string {
  const site = asked && siteOrigins.includes(asked) ? asked : siteOrigins[0];
  if (site === undefined) throw new Error('The API needs at least one storefront origin');
  return site;
}

/** `url` with the storefront origin to come back to (none: the gateway's return uses the first). */
export function withReturnSite(url: string, site: string | undefined): string {
  if (site === undefined) return url;
  const address = new URL(url);
  address.searchParams.set(RETURN_SITE_FIELD, site);
  return address.toString();
}
