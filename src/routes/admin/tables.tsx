import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { type DiningTable, type RoomSettings, SLOT_GRIDS } from '../../../contract/booking.ts';
import { MAX_ONLINE_PARTY } from '../../../contract/reservation.ts';
import { useRoomLogic } from '../../actors/room.ts';
import { DeleteButton } from '../../components/controls.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { showDialog } from '../../ui/dialog.ts';
import { PagedSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

const number = (form: FormData, name: string) => Number(form.get(name));

/** The rules given as numbers: the field, its label, its least value and its step. */
const NUMBERS: ReadonlyArray<
  readonly [Exclude<keyof RoomSettings, 'gridMinutes' | 'confirmByHand'>, string, number, number]
> = [
  ['stayUpTo', `A small party is up to (persons, at most ${MAX_ONLINE_PARTY})`, 1, 1],
  ['stayMinutes', 'A small party stays (minutes)', 15, 15],
  ['stayLargerMinutes', 'A larger party stays (minutes)', 15, 15],
  ['cancelCutoffMinutes', 'Guests cancel online until (minutes before)', 0, 1],
  ['reminderMinutes', 'Reminder (minutes before; 0: none)', 0, 1],
];

/** The room's rules: the times' grid, the stays, the cut-off, the reminder, confirmation by hand. */
function RoomRules() {
  const { roomSettings } = useRoomLogic();
  const [state, send] = useMachine(roomSettings);
  const { settings, error, saved } = state.context;
  if (state.matches('loading')) return <p role="status">Loading the room’s rules…</p>;
  if (state.matches('loadFailed') || !settings) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p>{error}</p>
        <button type="button" className="btn-neutral" onClick={() => send({ type: 'settings.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <form
      // A save shows what the server holds: the form starts again from it.
      key={saved}
      aria-label="The room’s rules"
      aria-busy={state.matches('saving')}
      noValidate
      className="grid gap-4 rounded-2xl bg-cream p-4 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const next: RoomSettings = {
          ...(Object.fromEntries(NUMBERS.map(([name]) => [name, number(form, name)])) as Pick<
            RoomSettings,
            (typeof NUMBERS)[number][0]
          >),
          gridMinutes: number(form, 'gridMinutes') === 30 ? 30 : 15,
          confirmByHand: form.get('confirmByHand') === 'on',
        };
        send({ type: 'settings.save', settings: next });
      }}
    >
      <FormField label="Free times every">
        <select name="gridMinutes" className="field" defaultValue={settings.gridMinutes}>
          {SLOT_GRIDS.map((grid) => (
            <option key={grid} value={grid}>
              {grid} minutes
            </option>
          ))}
        </select>
      </FormField>
      {NUMBERS.map(([name, label, min, step]) => (
        <FormField key={name} label={label}>
          <input
            name={name}
            type="number"
            min={min}
            step={step}
            className="field"
            defaultValue={settings[name]}
          />
        </FormField>
      ))}
      <label className="flex items-center gap-3 font-bold sm:col-span-2">
        <input
          name="confirmByHand"
          type="checkbox"
          className="size-5"
          defaultChecked={settings.confirmByHand}
        />
        Confirm each booking by hand (guests are told it is pending until you accept it)
      </label>
      {error && (
        <p role="alert" className="field-error sm:col-span-3">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={state.matches('saving')}>
          {state.matches('saving') ? 'Saving…' : 'Save rules'}
        </button>
      </div>
    </form>
  );
}

/** A new table: its name, section, seats and whether it joins others of its section. */
function AddTable({ onAdded }: { onAdded: () => void }) {
  const { addTable } = useRoomLogic();
  const [state, send] = useMachine(addTable);
  const { submitted } = state.context;
  useEffect(() => {
    if (submitted > 0) onAdded();
  }, [submitted, onAdded]);
  return (
    <form
      key={submitted}
      aria-label="Add a table"
      aria-busy={state.matches('submitting')}
      noValidate
      className="flex flex-wrap items-end gap-4 rounded-2xl bg-cream p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        send({
          type: 'form.submit',
          values: {
            name: form.get('name'),
            section: form.get('section'),
            minSeats: number(form, 'minSeats'),
            maxSeats: number(form, 'maxSeats'),
            joinable: form.get('joinable') === 'on',
          },
        });
      }}
    >
      <FormField label="Table name">
        <input name="name" className="field" maxLength={20} />
      </FormField>
      <FormField label="Section">
        <input name="section" className="field" maxLength={40} defaultValue="Main room" />
      </FormField>
      <div className="w-28">
        <FormField label="Min seats">
          <input name="minSeats" type="number" min={1} className="field" defaultValue={2} />
        </FormField>
      </div>
      <div className="w-28">
        <FormField label="Max seats">
          <input name="maxSeats" type="number" min={1} className="field" defaultValue={4} />
        </FormField>
      </div>
      <label className="flex items-center gap-2 font-bold">
        <input name="joinable" type="checkbox" className="size-5" />
        Joinable
      </label>
      <button type="submit" className="btn-primary" disabled={state.matches('submitting')}>
        Add table
      </button>
    </form>
  );
}

export function TablesPage() {
  const search = useListSearch(PagedSearchSchema, useSearch({ from: '/admin/tables' }));
  const { tables } = useRoomLogic();
  const { rows, send, canAct, table } = usePagedList(tables, search, ['table', 'tables']);
  // Stable, so a table added reads the list again once, not at every render after.
  const refresh = useCallback(() => send({ type: 'list.refresh' }), [send]);

  async function remove(row: DiningTable) {
    const answer = await showDialog({
      titleText: `Take ${row.name} out of the room?`,
      text: 'No booking is given it from now on. A table with bookings still to come stays.',
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Remove',
    });
    if (answer.isConfirmed) send({ type: 'list.act', action: 'remove', id: row._id });
  }

  return (
    <div className="grid gap-8">
      <section aria-labelledby="room-rules-title" className="grid gap-3">
        <h2 id="room-rules-title" className="text-2xl font-bold">
          The room’s rules
        </h2>
        <RoomRules />
      </section>
      <ListTable
        title="Tables"
        {...table}
        filters={<AddTable onAdded={refresh} />}
        empty={<p className="py-6 text-center text-lg">No tables yet: add the room’s first above.</p>}
        columns={['Table', 'Section', 'Seats', 'Joinable', '']}
        minWidth="min-w-[36rem]"
      >
        {rows.map((row) => (
          <tr key={row._id} className="border-b border-neutral-200">
            <td className="py-2 pr-4 font-semibold">{row.name}</td>
            <td className="py-2 pr-4">{row.section}</td>
            <td className="py-2 pr-4 whitespace-nowrap">
              {row.minSeats === row.maxSeats ? row.maxSeats : `${row.minSeats}–${row.maxSeats}`}
            </td>
            <td className="py-2 pr-4">{row.joinable ? 'Yes' : 'No'}</td>
            <td className="py-2">
              <DeleteButton
                label={`Remove ${row.name}`}
                disabled={!canAct}
                onClick={() => void remove(row)}
              />
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
