// The browser's settings as vite.config.ts defines them: server/site/env.ts's rules, its defaults applied.
import type { BrowserEnv } from '../server/site/env.ts';

declare global {
  interface ImportMetaEnv extends Readonly<BrowserEnv> {}
}
