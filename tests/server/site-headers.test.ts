import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  type SiteOrigins,
  siteHeaders,
  siteOriginsFromEnv,
} from '../../server/site/site-headers.ts';

/** The policy as directive → sources. */
function parse(policy: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const directive of policy.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    expect(directives[name!], `${name} appears once`).toBeUndefined();
    directives[name!] = sources;
  }
  return directives;
}

const withEmulator: SiteOrigins = {
  apiUrl: 'http://localhost:5000',
  authEmulatorUrl: 'http://127.0.0.1:9099',
  authDomain: 'demo-pizzon.firebaseapp.com',
};
const withFirebase: SiteOrigins = {
  apiUrl: 'https://api.pizzon.example/v1/',
  authDomain: 'pizzon.firebaseapp.com',
};

describe('the storefront’s content security policy', () => {
  it('lets the page run only its own scripts, plus Google’s gapi for the sign-in popup', () => {
    const csp = parse(contentSecurityPolicy(withEmulator));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
  });

  it('allows inline styles only (the dialogs and toasts inject them), never inline or evaluated script', () => {
    const policy = contentSecurityPolicy(withFirebase);
    const csp = parse(policy);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).not.toMatch(/(^|\s)\*(\s|;|$)/);
  });

  it('with the emulator: talks to the API and the emulator, and frames only the emulator', () => {
    const csp = parse(contentSecurityPolicy(withEmulator));
    expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:5000', 'http://127.0.0.1:9099']);
    expect(csp['frame-src']).toEqual(['http://127.0.0.1:9099']);
  });

  it('with the API under the site’s own /api: connects only to itself and the identity provider', () => {
    const csp = parse(contentSecurityPolicy({ ...withEmulator, apiUrl: undefined }));
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099']);
  });

  it('with a Firebase project: talks to the API and Firebase Auth, and frames only the auth domain', () => {
    const csp = parse(contentSecurityPolicy(withFirebase));
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://api.pizzon.example',
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(csp['frame-src']).toEqual(['https://pizzon.firebaseapp.com']);
  });

  it('shows images from the site, data URLs and https addresses (item images, profile photos)', () => {
    expect(parse(contentSecurityPolicy(withEmulator))['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('can not be framed', () => {
    expect(parse(contentSecurityPolicy(withEmulator))['frame-ancestors']).toEqual(["'none'"]);
    expect(siteHeaders(withEmulator)['X-Frame-Options']).toBe('DENY');
  });
});

describe('the storefront’s other headers', () => {
  it('forbids sniffing, keeps referrers to the origin, and keeps the sign-in popup’s opener', () => {
    expect(siteHeaders(withFirebase)).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    });
  });
});

describe('siteOriginsFromEnv', () => {
  it('reads the variables the build reads, with the app’s defaults', () => {
    expect(siteOriginsFromEnv({})).toEqual({
      apiUrl: undefined,
      authEmulatorUrl: undefined,
      authDomain: 'demo-pizzon.firebaseapp.com',
    });
    expect(
      siteOriginsFromEnv({
        VITE_API_URL: 'http://localhost:5712',
        VITE_FIREBASE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9712',
        VITE_FIREBASE_PROJECT_ID: 'demo-other',
      }),
    ).toEqual({
      apiUrl: 'http://localhost:5712',
      authEmulatorUrl: 'http://127.0.0.1:9712',
      authDomain: 'demo-other.firebaseapp.com',
    });
  });
});
