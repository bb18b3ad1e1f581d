import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { API_PATH_PREFIX } from './contract/http.ts';
import { apiInternalUrl, readBrowserEnv } from './server/site/env.ts';

// The libraries a guest should download only where a page needs them get chunks of their own, named
// after them: they stay cached across releases, and `npm run bench:web` can tell where each one loads.
const LAZY_LIBRARIES = ['firebase', 'swiper', 'sweetalert2'] as const;

// `npm run build` (scripts/lib/build.ts) makes two builds: the browser's (dist/client) and the site
// server's renderer of the public pages (`vite build --ssr src/render-page.tsx`, dist/server), which is
// never served.
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), tailwindcss()],
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
              groups: LAZY_LIBRARIES.map((name) => ({
                name,
                test: new RegExp(`node_modules[\\\\/](@${name}[\\\\/]|${name}[\\\\/])`),
                // Only the library itself: pulling in what it imports (helpers other code uses too) would
                // drag shared code into the chunk and make the entry load it.
                includeDependenciesRecursively: false,
              })),
            },
          },
    },
  },
}));
