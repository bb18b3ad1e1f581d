import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { API_PATH_PREFIX } from './contract/http.ts';
import { apiInternalUrl, readBrowserEnv } from './server/site/env.ts';

// The libraries a guest should download only where a page needs them get chunks of their own, named
// after them: they stay cached across releases, and `npm run bench:web` can tell where each one loads.
const LAZY_LIBRARIES = ['firebase', 'swiper', 'sweetalert2'] as const;

// What a guest's first load fetches, in a few chunks rather than dozens: each group holds the modules
// its roots import statically (docs/decisions/035-streaming-and-lazy-hydration.md). Earlier groups
// keep what they share with later ones, which import it from them.
const FIRST_LOAD_GROUPS = [
  // What taking a page over needs: the app (boot.tsx) with React, the router, the layout and Home.
  { name: 'app', roots: /src[\\/]boot\.tsx$/ },
  // The rest of what a guest's first load may need: the other pages a guest lands on (the Menu, an
  // item page, the Blog), and what any page brings in once taken over (the session and the cart with
  // XState and the API client, the account links, the cart within reach, the shop-closed notice).
  {
    name: 'guest',
    roots:
      /src[\\/](routes[\\/](menu|item-detail|blog)\.tsx|actors[\\/]registry\.ts|components[\\/](account-links|cart-reach|quick-add|shop-closed-banner)\.tsx)$/,
  },
  // The booking form (react-hook-form), on Home as the visitor nears it and on the Reservation page.
  { name: 'booking', roots: /src[\\/]routes[\\/](home-book-online|reservation)\.tsx$/ },
] as const;

/**
 * Fills FIRST_LOAD_GROUPS once the module graph is complete. What the entry (index.html, main.tsx)
 * imports statically stays in the entry, Vite's preload helper included: in a group, it would have the
 * entry load that group before the first paint.
 */
function firstLoadGroups(): { plugin: Plugin; holds: (group: string, id: string) => boolean } {
  const members = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'pizzon:first-load-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const claimed = new Set<string>();
      const closure = (roots: string[]) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (claimed.has(id) || found.has(id)) return;
          found.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const root of roots) visit(root);
        for (const id of found) claimed.add(id);
        return found;
      };
      closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const { name, roots } of FIRST_LOAD_GROUPS) {
        members.set(name, closure(ids.filter((id) => roots.test(id))));
      }
    },
  };
  return { plugin, holds: (group, id) => members.get(group)?.has(id) ?? false };
}
const firstLoad = firstLoadGroups();

// `npm run build` (scripts/lib/build.ts) makes two builds: the browser's (dist/client) and the site
// server's renderer of the public pages (`vite build --ssr src/render-page.tsx`, dist/server), which is
// never served.
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [firstLoad.plugin])],
  // The browser's settings under server/site/env.ts's rules, defaults applied there, as the site server's
  // Content-Security-Policy reads them: from what Vite itself reads (the environment and any .env file).
  define: Object.fromEntries(
    Object.entries(readBrowserEnv(loadEnv(mode, process.cwd(), 'VITE_'))).map(([name, value]) => [
      `import.meta.env.${name}`,
      value === undefined ? 'undefined' : JSON.stringify(value),
    ]),
  ),
  // `npm run dev`: the API under the page's own origin, as the site server serves it (server/site/api-proxy.ts).
  server: {
    proxy: {
      [API_PATH_PREFIX]: {
        target: apiInternalUrl(),
        rewrite: (path) => path.slice(API_PATH_PREFIX.length) || '/',
        xfwd: true,
      },
    },
  },
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    // No preload helper around each import(): it inserted a <link rel="modulepreload"> per chunk on the
    // main thread, a long task of its own on a phone (docs/decisions/022-main-thread-at-load.md). A
    // chunk's own imports are fetched as the browser reads it.
    modulePreload: false,
    // Hidden maps (no comment in the JS): bench:web reads them to name the modules in a load trace.
    sourcemap: isSsrBuild ? false : 'hidden',
    // dist/client/.vite/manifest.json: which chunks each route loads, read by `npm run bench:web`.
    manifest: !isSsrBuild,
    rolldownOptions: {
      // The renderer in one file: the site server runs it under tsx, whose module hooks answer every
      // import() on another thread, a round trip each render would pay for each lazy route it meets.
      output: isSsrBuild
        ? { codeSplitting: false }
        : {
            codeSplitting: {
              // A group holds what its test names, not what that imports in turn (helpers other code
              // uses too): the groups above say themselves what they hold.
              includeDependenciesRecursively: false,
              groups: [
                ...LAZY_LIBRARIES.map((name) => ({
                  name,
                  test: new RegExp(`node_modules[\\\\/](@${name}[\\\\/]|${name}[\\\\/])`),
                  // Before the first-load groups: a library imported there still waits in its own chunk.
                  priority: 2,
                })),
                ...FIRST_LOAD_GROUPS.map(({ name }) => ({
                  name,
                  test: (id: string) => firstLoad.holds(name, id),
                  priority: 1,
                })),
              ],
            },
          },
    },
  },
}));
