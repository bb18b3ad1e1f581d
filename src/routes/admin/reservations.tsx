import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { liveReservationsMachine } from '../../actors/admin.ts';
import { ListTable } from '../../components/list-table.tsx';

export function ReservationsPage() {
  const [list, send] = useMachine(liveReservationsMachine);
  const { rows, error } = list.context;
  return (
    <ListTable
      title={`Reservations (${rows.length})`}
      loading={list.matches('loading')}
      error={list.matches('failed') ? error : null}
      count={rows.length}
      empty={<p className="py-6 text-center text-lg">No tables booked yet.</p>}
      onRetry={() => send({ type: 'list.reload' })}
      columns={['Name', 'Email', 'Persons', 'Date', 'Phone', 'Booked']}
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
          <td className="py-2 pr-4 whitespace-nowrap text-sm">
            {dayjs(booking.createdAt).format('DD MMM YYYY HH:mm')}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
