// The storefront's security headers (served by server/site/index.ts): a Content-Security-Policy that
// lets the page load only our own files and talk only to our API and to Firebase Auth.
import type { EnvSource } from '../env.ts';
import { readBrowserEnv } from './env.ts';

/** The origins the built SPA talks to; read from the same variables the build reads. */
export interface SiteOrigins {
  /** Where the SPA calls the API: another host (VITE_API_URL), or undefined for the site's own /api. */
  apiUrl?: string | undefined;
  /** The Firebase Auth emulator (VITE_FIREBASE_AUTH_EMULATOR_URL), when the SPA uses it. */
  authEmulatorUrl?: string | undefined;
  /** Firebase's auth domain (VITE_FIREBASE_AUTH_DOMAIN): it serves the sign-in helper iframe. */
  authDomain: string;
}

/** Read as the build reads them (server/site/env.ts's readBrowserEnv, which vite.config.ts bakes in). */
export function siteOriginsFromEnv(source?: EnvSource): SiteOrigins {
  const env = readBrowserEnv(source);
  return {
    apiUrl: env.VITE_API_URL,
    authEmulatorUrl: env.VITE_FIREBASE_AUTH_EMULATOR_URL,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
  };
}

/** Firebase Auth's REST hosts: sign-in (identitytoolkit) and token refresh (securetoken). */
const FIREBASE_AUTH_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** signInWithPopup loads Google's gapi (api.js), which opens the auth domain's helper iframe. */
const GOOGLE_APIS = 'https://apis.google.com';

export function contentSecurityPolicy({ apiUrl, authEmulatorUrl, authDomain }: SiteOrigins): string {
  const emulator = authEmulatorUrl ? new URL(authEmulatorUrl).origin : undefined;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", GOOGLE_APIS],
    // sweetalert2 and react-hot-toast (goober) inject <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Menu item images and profile photos may be any https address (docs/decisions/005 and 003).
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(apiUrl ? [new URL(apiUrl).origin] : []),
      ...(emulator ? [emulator] : FIREBASE_AUTH_APIS),
    ],
    'frame-src': [emulator ?? `https://${authDomain}`],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** Every response of the storefront carries these. */
export function siteHeaders(origins: SiteOrigins): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(origins),
    'X-Content-Type-Options': 'nosniff',
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    // Firebase API keys may be restricted to our site by referrer: cross-origin requests keep the origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Isolates the page, except from the sign-in popup it opens itself (signInWithPopup needs it).
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

/**
 * What matters on a file that is not a document (a script, stylesheet, font or picture other than
 * SVG): no sniffing, and the referrer policy of the requests it makes. A page's policy and framing
 * rules apply to documents only; leaving them off every asset spares each answer half a kilobyte.
 */
export function subresourceHeaders(headers: Record<string, string>): Record<string, string> {
  const { 'X-Content-Type-Options': nosniff, 'Referrer-Policy': referrer } = headers;
  return {
    ...(nosniff ? { 'X-Content-Type-Options': nosniff } : {}),
    ...(referrer ? { 'Referrer-Policy': referrer } : {}),
  };
}
