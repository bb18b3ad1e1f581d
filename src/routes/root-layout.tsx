import { Outlet, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Footer } from '../components/footer.tsx';
import { Navbar } from '../components/navbar.tsx';
import { hydratedWhenNear } from '../ui/hydrate-later.tsx';
import { pageTitle } from './page-title.ts';

// Below every page: the browser adopts it as the visitor nears it (src/ui/hydrate-later.tsx).
const FooterWhenNear = hydratedWhenNear(Footer);

function useDocumentTitle() {
  const matches = useMatches();
  const failed = matches.some((m) => m.status === 'error' || m.status === 'notFound');
  const pageName = failed ? 'Error' : matches.at(-1)?.staticData.pageName;
  useEffect(() => {
    if (pageName) document.title = pageTitle(pageName);
  }, [pageName]);
}

export function RootLayout() {
  useDocumentTitle();
  const fullScreen = useMatches({ select: (matches) => matches.at(-1)?.staticData.fullScreen === true });
  if (fullScreen)
    return (
      <main id="main" className="min-h-dvh">
        <Outlet />
      </main>
    );
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Navbar />
      {/* At least a screen tall: while a page's data loads, the footer waits below the fold instead of
          showing and then jumping down (a layout shift) when the content arrives. The page's last block
          grows to fill it, so a short page's own background (cream, white) runs down to the footer
          instead of leaving a band of the body's white between them. */}
      <main id="main" className="flex min-h-dvh flex-1 flex-col *:w-full [&>:last-child]:grow">
        <Outlet />
      </main>
      <FooterWhenNear />
    </div>
  );
}
