// The site server's variables and the browser build's, in the order of .env.example's section for them
// (docs/decisions/033): the build bakes the VITE_ values in (vite.config.ts), and the site server's
// Content-Security-Policy reads the same ones, so the two cannot differ. The renderer the site server
// runs (src/api/http.ts) reads API_INTERNAL_URL here too.
import * as v from 'valibot';
import {
  DEMO_PROJECT_ID,
  defineEnv,
  type EnvSource,
  loopbackUrl,
  PORTS,
  port,
  readEnv,
  text,
  url,
} from '../env.ts';

export const SITE_ENV = defineEnv({
  WEB_PORT: port(PORTS.web),
  VITE_FIREBASE_API_KEY: text,
  VITE_FIREBASE_AUTH_DOMAIN: text,
  VITE_FIREBASE_PROJECT_ID: v.optional(v.string(), DEMO_PROJECT_ID),
  VITE_FIREBASE_AUTH_EMULATOR_URL: v.optional(url(loopbackUrl(PORTS.authEmulator))),
  API_INTERNAL_URL: v.optional(url(loopbackUrl(PORTS.api)), loopbackUrl(PORTS.api)),
  VITE_API_URL: v.optional(url('https://api.example.com')),
  // Any value: a switch of the dev server's, read by src/actors/inspector.ts as it always was.
  VITE_INSPECT: text,
});

/**
 * Where the renderer and `npm run dev`'s /api reach the API: API_INTERNAL_URL, or its default (which the
 * site server does not take: unset, it passes no /api on).
 */
export const apiInternalUrl = (source?: EnvSource): string =>
  readEnv(SITE_ENV, { read: ['API_INTERNAL_URL'] }, source).API_INTERNAL_URL;

/** The values the browser's build bakes in (vite.config.ts defines them), and the site server's CSP reads. */
export interface BrowserEnv {
  VITE_API_URL: string | undefined;
  VITE_FIREBASE_API_KEY: string;
  VITE_FIREBASE_AUTH_DOMAIN: string;
  VITE_FIREBASE_PROJECT_ID: string;
  VITE_FIREBASE_AUTH_EMULATOR_URL: string | undefined;
}

/** A default that depends on another variable's value (VITE_FIREBASE_AUTH_DOMAIN) is applied here. */
export function readBrowserEnv(source?: EnvSource): BrowserEnv {
  const env = readEnv(
    SITE_ENV,
    {
      read: [
        'VITE_API_URL',
        'VITE_FIREBASE_API_KEY',
        'VITE_FIREBASE_AUTH_DOMAIN',
        'VITE_FIREBASE_PROJECT_ID',
        'VITE_FIREBASE_AUTH_EMULATOR_URL',
      ],
    },
    source,
  );
  return {
    ...env,
    // The emulator takes any key. Unset in the environment, it tells `npm start` to run the emulator.
    VITE_FIREBASE_API_KEY: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN:
      env.VITE_FIREBASE_AUTH_DOMAIN ?? `${env.VITE_FIREBASE_PROJECT_ID}.firebaseapp.com`,
  };
}
