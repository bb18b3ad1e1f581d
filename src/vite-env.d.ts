// The browser's settings as vite.config.ts defines them: server/env.ts's rules, its defaults applied.
import type { BrowserEnv } from '../server/env.ts';

declare global {
  interface ImportMetaEnv extends Readonly<BrowserEnv> {}
}
