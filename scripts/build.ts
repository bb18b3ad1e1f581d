// `npm run build`: the storefront's two builds (scripts/lib/build.ts), as `npm start` makes them.
import { buildStorefront } from './lib/build.ts';

try {
  buildStorefront();
} catch {
  // Vite has printed the failure.
  process.exit(1);
}
