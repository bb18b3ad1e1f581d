import './styles/app.css';
import { keepEarlyTaps } from './ui/early-taps.ts';
import { firstScreenShown } from './ui/first-screen.ts';

// A page the site server rendered (src/render-page.tsx) is painted from its HTML, the stylesheet, the
// fonts and its leading pictures alone; the JavaScript that takes it over (boot.tsx) is asked for once
// they are on screen, so that on a phone's slow link it does not share the bandwidth with them.
// A page the browser renders itself (signed-in pages, /auth) has nothing to show before it.
// Meanwhile its links work as links, and a tap on a button is kept for React to answer once it listens.
const rendered = document.getElementById('root')?.hasChildNodes() ?? false;
if (rendered) keepEarlyTaps();
void (rendered ? firstScreenShown() : Promise.resolve()).then(() => import('./boot.tsx'));
