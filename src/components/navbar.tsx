import { Link, useRouterState } from '@tanstack/react-router';
import { Menu, Phone, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { RESTAURANT_PHONE } from '../content/contact.ts';
import { AfterHydration } from '../ui/after-hydration.tsx';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/menu', label: 'Menu' },
  { to: '/blog', label: 'Blog' },
  { to: '/reservation', label: 'Reservation' },
] as const;

function NavLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {LINKS.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className={linkClassName}
            activeOptions={{ exact: true }}
            activeProps={{ className: 'text-brand', 'aria-current': 'page' }}
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

// The account links read the session, whose registry arrives after the first paint (boot.tsx); until
// then their place stays empty, as it does until the session has settled.
const AccountLinks = lazy(() => import('./account-links.tsx').then((m) => ({ default: m.AccountLinks })));

// The phone header's cart button: the same wait, once hydrated (src/components/cart-reach.tsx).
const PhoneCartButton = lazy(() => import('./cart-reach.tsx').then((m) => ({ default: m.PhoneCartButton })));

function Account({ stacked }: { stacked: boolean }) {
  const layout = stacked ? 'mt-4 flex flex-col gap-3' : 'flex items-center gap-4';
  const placeholder = <span className={layout} aria-hidden="true" />;
  return (
    <AfterHydration placeholder={placeholder}>
      <Suspense fallback={placeholder}>
        <AccountLinks stacked={stacked} layout={layout} />
      </Suspense>
    </AfterHydration>
  );
}

export function Navbar() {
  const [open, setOpen] = useState(false);
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  // Close the drawer whenever the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not a value used
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 bg-ink text-white shadow-md">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center" aria-label="Pizzon home">
          <img src="/images/logo.svg" alt="" width={150} height={42} className="h-10 w-auto" />
        </Link>
        <NavLinks
          className="hidden items-center gap-7 text-lg font-bold lg:flex"
          linkClassName="inline-flex min-h-11 items-center hover:text-brand"
        />
        <div className="hidden items-center gap-5 lg:flex">
          <span className="hidden items-center gap-2 whitespace-nowrap text-neutral-200 xl:flex">
            <Phone aria-hidden="true" className="size-4 text-brand" />
            <span>{RESTAURANT_PHONE}</span>
          </span>
          <Account stacked={false} />
        </div>
        <div className="flex items-center gap-2 lg:hidden">
          {/* The cart stays in reach on phones, outside the drawer. */}
          <AfterHydration placeholder={null}>
            <Suspense fallback={null}>
              <PhoneCartButton />
            </Suspense>
          </AfterHydration>
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg"
            aria-expanded={open}
            aria-controls={drawerId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            // A tap before the browser has taken the page over opens it once it has (src/ui/early-taps.ts).
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
      </nav>
      <div id={drawerId} hidden={!open} className="border-t border-white/10 bg-ink px-4 pb-6 lg:hidden">
        <NavLinks
          className="flex flex-col text-lg font-bold"
          linkClassName="flex min-h-12 items-center border-b border-white/10 hover:text-brand"
        />
        <p className="mt-4 flex items-center gap-2 text-neutral-200">
          <Phone aria-hidden="true" className="size-4 text-brand" />
          <span>{RESTAURANT_PHONE}</span>
        </p>
        <Account stacked />
      </div>
    </header>
  );
}
