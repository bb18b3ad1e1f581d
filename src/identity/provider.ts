/** The identity provider, loaded on first use so that it stays out of the first page's JavaScript. */
export type Provider = typeof import('./firebase.ts');

let loading: Promise<Provider> | undefined;
let loaded: Provider | undefined;
const waiting: Array<(provider: Provider) => void> = [];

export function loadProvider(): Promise<Provider> {
  loading ??= import('./firebase.ts').then((provider) => {
    loaded = provider;
    for (const use of waiting.splice(0)) use(provider);
    return provider;
  });
  return loading;
}

/** Runs `use` once the provider has loaded (at once if it has), whoever loads it; never loads it itself. */
export function whenProviderLoads(use: (provider: Provider) => void): void {
  if (loaded) use(loaded);
  else waiting.push(use);
}
