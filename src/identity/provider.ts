/** The identity provider, loaded on first use so that it stays out of the first page's JavaScript. */
export type Provider = typeof import('./firebase.ts');

let loading: Promise<Provider> | undefined;

export function loadProvider(): Promise<Provider> {
  loading ??= import('./firebase.ts');
  return loading;
}
