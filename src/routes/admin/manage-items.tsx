import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { PackageCheck, PackageX, Pencil } from 'lucide-react';
import {
  LOW_STOCK,
  type MenuItem,
  type StockFilter,
  type StockLevel,
  stockLevel,
} from '../../../contract/menu.ts';
import { formatMenuPrice, toCents } from '../../../contract/money.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { DeleteButton } from '../../components/controls.tsx';
import { DishImage } from '../../components/fallback-image.tsx';
import { ChoiceAndSearchFilters, ClearFilters } from '../../components/list-filters.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { showDialog } from '../../ui/dialog.ts';
import { type ManageItemsSearch, ManageItemsSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

const STOCK_CHOICES: ReadonlyArray<readonly [StockFilter, string]> = [
  ['out', 'Sold out'],
  ['low', `Low (${LOW_STOCK} or fewer)`],
];

const STOCK_STYLE: Record<StockLevel, string> = {
  out: 'bg-red-100 text-red-900',
  low: 'bg-amber-100 text-amber-950',
  ok: '',
};
const STOCK_NOTE: Record<StockLevel, string> = { out: 'sold out', low: 'low', ok: '' };

/** The stock, flagged when it is out or low, in words as well as colour. */
function StockCell({ quantity }: { quantity: number }) {
  const level = stockLevel(quantity);
  if (level === 'ok') return <>{quantity}</>;
  return (
    <span className={`rounded-full px-2 py-0.5 font-semibold whitespace-nowrap ${STOCK_STYLE[level]}`}>
      {quantity} · {STOCK_NOTE[level]}
    </span>
  );
}

function ItemFilters({ search }: { search: ManageItemsSearch }) {
  const navigate = useNavigate({ from: '/admin/manage-items' });
  return (
    <ChoiceAndSearchFilters
      label="Filter items"
      choice={{ label: 'Stock', name: 'stock', value: search.stock, choices: STOCK_CHOICES }}
      search={{ placeholder: 'Item name', value: search.q }}
      onApply={(stock, q) =>
        void navigate({ search: ({ limit }) => ({ stock, q, limit }), resetScroll: false })
      }
    />
  );
}

export function ManageItemsPage() {
  const search = useListSearch(ManageItemsSearchSchema, useSearch({ from: '/admin/manage-items' }));
  const { adminItems } = useAdminLogic();
  const { rows, send, canAct, table } = usePagedList(adminItems, search, ['item', 'items']);

  /** Back in stock: the count Sold out kept, or one the owner gives when none was kept. */
  async function backInStock(item: MenuItem) {
    if (item.restock_quantity) {
      send({ type: 'list.act', action: 'backInStock', id: item._id });
      return;
    }
    const answer = await showDialog({
      titleText: `How many ${item.name} are back?`,
      icon: 'question',
      input: 'text',
      inputLabel: 'Quantity in stock',
      inputValidator: (value) =>
        /^[1-9]\d{0,4}$/.test(value.trim()) ? null : 'Enter a whole number from 1 to 99999',
      showCancelButton: true,
      confirmButtonText: 'Confirm',
    });
    if (answer.isConfirmed) {
      send({ type: 'list.act', action: 'backInStock', id: item._id, note: String(answer.value).trim() });
    }
  }

  async function deleteItem(item: MenuItem) {
    const answer = await showDialog({
      titleText: `Delete ${item.name}?`,
      text: 'It leaves the menu and every cart. Past orders keep their lines.',
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Delete',
    });
    if (answer.isConfirmed) send({ type: 'list.act', action: 'delete', id: item._id });
  }

  return (
    <ListTable
      title="Manage items"
      {...table}
      filters={<ItemFilters search={search} />}
      empty={
        search.stock || search.q ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <p className="text-lg">No items match these filters.</p>
            <ClearFilters />
          </div>
        ) : (
          <p className="py-6 text-center text-lg">
            {search.cursor ? 'No older items.' : 'The menu is empty. Add items to fill it.'}
          </p>
        )
      }
      columns={['Item', 'Category', 'Price', 'Stock', 'Action']}
      minWidth="min-w-[40rem]"
    >
      {rows.map((item) => (
        <tr key={item._id} className="border-b border-neutral-200">
          <td className="py-2 pr-4">
            <span className="flex items-center gap-3">
              <DishImage
                src={item.image}
                alt=""
                width={48}
                height={48}
                className="size-12 rounded-xl bg-cream object-cover"
              />
              <span className="font-semibold">{item.name}</span>
            </span>
          </td>
          <td className="py-2 pr-4 capitalize">{item.category}</td>
          <td className="py-2 pr-4">{formatMenuPrice(toCents(item.price))}</td>
          <td className="py-2 pr-4">
            <StockCell quantity={item.quantity} />
          </td>
          <td className="py-2">
            <span className="flex gap-1">
              {/* Relative, as the spec has it: update-item/{id} under this page. */}
              <Link
                from="/admin/manage-items"
                to="./update-item/$id"
                params={{ id: item._id }}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand/20"
                aria-label={`Update ${item.name}`}
              >
                <Pencil aria-hidden="true" className="size-5" />
              </Link>
              {item.quantity > 0 ? (
                // One tap when the kitchen runs out: no dialog, as Back in stock puts the count back.
                <button
                  type="button"
                  disabled={!canAct}
                  onClick={() => send({ type: 'list.act', action: 'soldOut', id: item._id })}
                  aria-label={`Mark ${item.name} sold out`}
                  className="btn-neutral whitespace-nowrap"
                >
                  <PackageX aria-hidden="true" className="size-4" />
                  Sold out
                </button>
              ) : (
                <button
                  type="button"
                  disabled={!canAct}
                  onClick={() => backInStock(item)}
                  aria-label={`Mark ${item.name} back in stock${item.restock_quantity ? ` (${item.restock_quantity})` : ''}`}
                  className="btn-primary whitespace-nowrap"
                >
                  <PackageCheck aria-hidden="true" className="size-4" />
                  Back in stock{item.restock_quantity ? ` (${item.restock_quantity})` : ''}
                </button>
              )}
              <DeleteButton
                label={`Delete ${item.name}`}
                disabled={!canAct}
                onClick={() => deleteItem(item)}
              />
            </span>
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
