/** The identity provider, loaded on first use so that it stays out of the first page's JavaScript. */
export type Provider = typeof import('./firebase.ts');

/** What a customer reads when the provider, or its module, can not be reached. */
export const SIGN_IN_SERVICE_UNREACHABLE =
  'We could not reach the sign-in service. Check your connection and try again.';

/**
 * The provider's refusal to e-mail a link (`link`: 'reset', 'verification'), in words a customer can
 * act on; any other keeps its code for support.
 */
export function linkRefusal(code: string, link: string): string {
  switch (code) {
    case 'auth/invalid-email':
      return 'Invalid email address';
    case 'auth/too-many-requests':
      return `Too many ${link} requests. Please wait a few minutes and try again.`;
    case 'auth/network-request-failed':
      return SIGN_IN_SERVICE_UNREACHABLE;
    default:
      return `We could not send the ${link} link (${code}). Please try again.`;
  }
}

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
