// The storefront's production build, written once: `npm run build` (scripts/build.ts) and `npm start`.
import { execFileSync } from 'node:child_process';

/** The browser's build (dist/client), then the site server's renderer of the public pages (dist/server). */
const BUILDS = [['build'], ['build', '--ssr', 'src/render-page.tsx']];

/**
 * Runs both builds with `env` (the caller's environment when undefined): vite.config.ts bakes the
 * browser's VITE_ values in from it. Throws when one fails; Vite has said why.
 */
export function buildStorefront(options: { env?: NodeJS.ProcessEnv; logLevel?: 'info' | 'warn' } = {}) {
  for (const build of BUILDS) {
    execFileSync('node_modules/.bin/vite', [...build, '--logLevel', options.logLevel ?? 'info'], {
      env: options.env,
      stdio: 'inherit',
    });
  }
}
