import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { ListStates } from './list-states.tsx';

/** Where a server-paged list stands, as its table shows it. */
export interface ListPaging {
  /** What a row is, singular and plural: ['order', 'orders']. */
  noun: readonly [string, string];
  /** The cursor of the page after the last one shown; null on the last page. */
  next: string | null;
  /** The address names a cursor: the list starts at an older page (a shared link, a reload). */
  fromOlderPage: boolean;
  /** The next page is being read; the rows stay. */
  loadingMore: boolean;
  /** Reading more (or reading a changed row's page again) failed: shown under the rows, with Try again. */
  error: string | null;
  onRetry: () => void;
}

interface ListTableProps {
  title: string;
  /** The list machine's state, as the table needs it. */
  loading: boolean;
  error: string | null;
  count: number;
  /** What an empty list shows instead of the table. */
  empty: React.ReactNode;
  onRetry: () => void;
  /** The table's column headings; without them the rows are cards (`<li>`s), which never scroll sideways. */
  columns?: readonly string[];
  /** A Tailwind min-width class: wide tables scroll sideways on a phone instead of squashing. */
  minWidth?: string;
  /** The list's filters, above it: they stay while the list loads, fails or is empty. */
  filters?: React.ReactNode;
  /** A server-paged list: its status line, 'Load more' and 'Back to the newest'. */
  paging?: ListPaging;
  /** The table's rows. */
  children: React.ReactNode;
}

const counted = (count: number, [one, many]: readonly [string, string]) =>
  `${count} ${count === 1 ? one : many}`;

function statusLine(count: number, paging: ListPaging): string {
  if (paging.loadingMore) return `Loading more ${paging.noun[1]}…`;
  if (paging.fromOlderPage) return `Showing ${counted(count, paging.noun)} from an older page`;
  if (paging.next === null) return `Showing all ${counted(count, paging.noun)}`;
  return `Showing the newest ${counted(count, paging.noun)}`;
}

/** The next page's link: a real link (a new history entry, so Back returns), busy while it loads. */
function LoadMore({ next, loadingMore }: { next: string; loadingMore: boolean }) {
  return (
    <Link
      to="."
      // Any list's address: its own filters kept, its cursor moved on.
      search={((previous: Record<string, unknown>) => ({ ...previous, cursor: next })) as never}
      resetScroll={false}
      aria-busy={loadingMore || undefined}
      className="btn-dark aria-busy:cursor-progress aria-busy:opacity-80"
    >
      {loadingMore && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
        />
      )}
      Load more
    </Link>
  );
}

/** A titled table (or list of cards) of server rows with its loading, failed and empty states, and its pages. */
export function ListTable({
  title,
  loading,
  error,
  count,
  empty,
  onRetry,
  columns,
  minWidth,
  filters,
  paging,
  children,
}: ListTableProps) {
  const titleId = useId();
  const body = useRef<HTMLTableSectionElement & HTMLUListElement>(null);
  const shownBefore = useRef(0);
  const retry = useRef<HTMLButtonElement>(null);
  const loadingMore = paging?.loadingMore ?? false;

  // Once more rows arrive, the first of them takes the focus from 'Load more' (which may be gone):
  // keyboard and screen reader users go on reading where the new rows start.
  useEffect(() => {
    if (loadingMore) {
      shownBefore.current = body.current?.children.length ?? 0;
      return;
    }
    const before = shownBefore.current;
    shownBefore.current = 0;
    const active = document.activeElement;
    const focusWasOnPager = active === document.body || active?.closest('[data-list-pager]');
    const first = body.current?.children[before] as HTMLElement | undefined;
    if (before > 0 && first && focusWasOnPager) {
      first.tabIndex = -1;
      first.focus();
    } else if (focusWasOnPager) {
      // The page could not be read: Try again takes the place of 'Load more'.
      retry.current?.focus();
    }
  }, [loadingMore]);

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-6">
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      {filters}
      {paging && (
        // Always there, so that a screen reader hears it change ('Loading more…', 'Showing 40 orders').
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <p role="status" className="text-neutral-700">
            {!loading && !error && count > 0 ? statusLine(count, paging) : ''}
          </p>
          {paging.fromOlderPage && (
            <Link
              to="."
              search={(({ cursor: _cursor, ...previous }: Record<string, unknown>) => previous) as never}
              className="inline-flex min-h-11 items-center font-bold text-brand-ink underline underline-offset-4"
            >
              Back to the newest
            </Link>
          )}
        </div>
      )}
      <ListStates loading={loading} error={error} empty={count === 0} emptyState={empty} onRetry={onRetry}>
        {columns ? (
          <div className="overflow-x-auto">
            <table className={`w-full ${minWidth ?? ''} text-left`}>
              <thead>
                <tr className="border-b-2 border-ink">
                  {columns.map((column) => (
                    <th key={column} scope="col" className="py-2 pr-4 font-bold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody ref={body} className="[&>tr:focus-visible]:outline-offset-[-3px]">
                {children}
              </tbody>
            </table>
          </div>
        ) : (
          <ul ref={body} className="grid gap-4 [&>li:focus-visible]:outline-offset-2">
            {children}
          </ul>
        )}
        {paging && (paging.error || paging.next) && (
          <div data-list-pager className="grid justify-items-center gap-3 text-center">
            {paging.error ? (
              <div role="alert" className="grid justify-items-center gap-3">
                <p className="font-semibold">{paging.error}</p>
                <button ref={retry} type="button" className="btn-primary" onClick={paging.onRetry}>
                  Try again
                </button>
              </div>
            ) : (
              paging.next && <LoadMore next={paging.next} loadingMore={paging.loadingMore} />
            )}
          </div>
        )}
      </ListStates>
    </section>
  );
}
