import { useId } from 'react';
import { ListStates } from './list-states.tsx';

interface ListTableProps {
  title: string;
  /** The list machine's state, as the table needs it. */
  loading: boolean;
  error: string | null;
  count: number;
  /** What an empty list shows instead of the table. */
  empty: React.ReactNode;
  onRetry: () => void;
  columns: readonly string[];
  /** A Tailwind min-width class: wide tables scroll sideways on a phone instead of squashing. */
  minWidth: string;
  /** The table's rows. */
  children: React.ReactNode;
}

/** A titled table of server rows with its loading, failed and empty states. */
export function ListTable({
  title,
  loading,
  error,
  count,
  empty,
  onRetry,
  columns,
  minWidth,
  children,
}: ListTableProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-6">
      <h2 id={titleId} className="text-2xl font-bold">
        {title}
      </h2>
      <ListStates loading={loading} error={error} empty={count === 0} emptyState={empty} onRetry={onRetry}>
        <div className="overflow-x-auto">
          <table className={`w-full ${minWidth} text-left`}>
            <thead>
              <tr className="border-b-2 border-ink">
                {columns.map((column) => (
                  <th key={column} scope="col" className="py-2 pr-4 font-bold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      </ListStates>
    </section>
  );
}
