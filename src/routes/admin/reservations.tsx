import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { BOOKING_STATE_LABELS } from '../../../contract/booking-lifecycle.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { FormField } from '../../components/form-field.tsx';
import { ClearFilters, filled, ListFilters } from '../../components/list-filters.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { type ReservationsSearch, ReservationsSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

function ReservationFilters({ search }: { search: ReservationsSearch }) {
  const navigate = useNavigate({ from: '/admin/reservations' });
  return (
    <ListFilters
      // A new address (Back, Clear filters) shows its own filters.
      key={search.date ?? ''}
      label="Filter bookings"
      filtered={Boolean(search.date)}
      onApply={(form) =>
        void navigate({ search: ({ limit }) => ({ date: filled(form, 'date'), limit }), resetScroll: false })
      }
    >
      <div className="w-full sm:w-48">
        <FormField label="Date booked">
          <input type="date" name="date" className="field" defaultValue={search.date ?? ''} />
        </FormField>
      </div>
      <Link
        to="/admin/reservations/day"
        search={search.date ? { date: search.date } : {}}
        className="self-center font-bold text-brand-ink underline"
      >
        The day, table by table
      </Link>
    </ListFilters>
  );
}

export function ReservationsPage() {
  const search = useListSearch(ReservationsSearchSchema, useSearch({ from: '/admin/reservations' }));
  const { reservations } = useAdminLogic();
  const { rows, table } = usePagedList(reservations, search, ['booking', 'bookings']);
  return (
    <ListTable
      title="Reservations"
      {...table}
      filters={<ReservationFilters search={search} />}
      empty={
        search.date ? (
          <div className="grid justify-items-center gap-2 py-6 text-center">
            <p className="text-lg">No tables booked for this day.</p>
            <ClearFilters />
          </div>
        ) : (
          <p className="py-6 text-center text-lg">
            {search.cursor ? 'No older bookings.' : 'No tables booked yet.'}
          </p>
        )
      }
      columns={['Name', 'Email', 'Persons', 'Date', 'Phone', 'State', 'Booked']}
      minWidth="min-w-[40rem]"
    >
      {rows.map((booking) => (
        <tr key={booking._id} className="border-b border-neutral-200">
          <td className="py-2 pr-4 font-semibold">{booking.name}</td>
          <td className="py-2 pr-4 break-all">{booking.email}</td>
          <td className="py-2 pr-4">{booking.persons}</td>
          <td className="py-2 pr-4 whitespace-nowrap">
            {dayjs(booking.date).format('DD MMMM YYYY')}
            {booking.time ? ` ${booking.time}` : ''}
          </td>
          <td className="py-2 pr-4">{booking.phone ?? '—'}</td>
          <td className="py-2 pr-4 whitespace-nowrap">
            {booking.state ? BOOKING_STATE_LABELS[booking.state] : '—'}
            {booking.reference && <span className="block font-mono text-xs">{booking.reference}</span>}
          </td>
          <td className="py-2 pr-4 whitespace-nowrap text-sm">
            {dayjs(booking.createdAt).format('DD MMM YYYY HH:mm')}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
