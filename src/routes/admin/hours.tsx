import { useActor } from '@xstate/react';
import { useCallback, useState } from 'react';
import { type KitchenSettings, SLOT_MINUTES } from '../../../contract/kitchen.ts';
import { ITEM_CATEGORIES } from '../../../contract/menu.ts';
import {
  type ClosedDate,
  type DayHours,
  type ShopHours,
  WEEKDAY_NAMES,
} from '../../../contract/opening-hours.ts';
import { useOrderingLogic } from '../../actors/ordering.ts';
import { FormField } from '../../components/form-field.tsx';
import { useSaver } from './use-saver.ts';

/** The week, Sunday to Saturday (the footer's order is the spec's), and the dates closed whatever the day. */
function HoursForm({ hours, onSaved }: { hours: ShopHours; onSaved: () => void }) {
  const { saveHours } = useOrderingLogic();
  const { state, save } = useSaver(saveHours, onSaved);
  const [week, setWeek] = useState<DayHours[]>(hours.week);
  // Each row keeps a key of its own while dates are added and removed around it.
  const [dates, setDates] = useState<Array<ClosedDate & { key: number }>>(() =>
    hours.closedDates.map((closed, key) => ({ ...closed, key })),
  );
  const setDay = (day: number, changes: Partial<DayHours>) =>
    setWeek(week.map((other) => (other.day === day ? { ...other, ...changes } : other)));
  const saving = state.matches('submitting');
  return (
    <form
      aria-label="Opening hours"
      aria-busy={saving}
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save({ week, closedDates: dates.map(({ date, note }) => ({ date, note })) });
      }}
    >
      <p className="text-neutral-700">
        Ordering and table bookings follow these hours; the footer and the Reservation page show them.
      </p>
      <div className="grid gap-2">
        {week.map((day) => (
          <fieldset key={day.day} className="flex flex-wrap items-end gap-3 rounded-2xl bg-cream p-3">
            <legend className="sr-only">{WEEKDAY_NAMES[day.day]}</legend>
            <label className="flex min-h-11 w-40 items-center gap-2 font-bold">
              <input
                type="checkbox"
                className="size-5"
                checked={!day.closed}
                onChange={(event) => setDay(day.day, { closed: !event.target.checked })}
              />
              {WEEKDAY_NAMES[day.day]} open
            </label>
            {(['opens', 'closes'] as const).map((edge) => (
              <FormField key={edge} label={`${WEEKDAY_NAMES[day.day]} ${edge}`}>
                <input
                  type="time"
                  className="field"
                  value={day[edge]}
                  disabled={day.closed}
                  onChange={(event) => setDay(day.day, { [edge]: event.target.value })}
                />
              </FormField>
            ))}
          </fieldset>
        ))}
      </div>
      <fieldset className="grid gap-2">
        <legend className="font-bold">Closed dates (holidays)</legend>
        {dates.map((closed, index) => (
          <div key={closed.key} className="flex flex-wrap items-end gap-3">
            <FormField label="Date">
              <input
                type="date"
                className="field"
                value={closed.date}
                onChange={(event) =>
                  setDates(dates.map((d, at) => (at === index ? { ...d, date: event.target.value } : d)))
                }
              />
            </FormField>
            <FormField label="Note">
              <input
                className="field"
                value={closed.note}
                maxLength={80}
                onChange={(event) =>
                  setDates(dates.map((d, at) => (at === index ? { ...d, note: event.target.value } : d)))
                }
              />
            </FormField>
            <button
              type="button"
              className="btn-neutral"
              onClick={() => setDates(dates.filter((_, at) => at !== index))}
            >
              Remove date
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn-neutral justify-self-start"
          onClick={() =>
            setDates([...dates, { date: '', note: '', key: Math.max(-1, ...dates.map((d) => d.key)) + 1 }])
          }
        >
          Add a closed date
        </button>
      </fieldset>
      {state.context.error && (
        <p role="alert" className="field-error">
          {state.context.error}
        </p>
      )}
      <button type="submit" className="btn-primary justify-self-start" disabled={saving}>
        {saving ? 'Saving…' : 'Save hours'}
      </button>
    </form>
  );
}

const whole = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

/** What the kitchen makes in a slot, how long each category takes, and what "busy" adds. */
function KitchenForm({ settings, onSaved }: { settings: KitchenSettings; onSaved: () => void }) {
  const { saveKitchen } = useOrderingLogic();
  const { state, save } = useSaver(saveKitchen, onSaved);
  const saving = state.matches('submitting');
  return (
    <form
      aria-label="The kitchen’s rules"
      aria-busy={saving}
      noValidate
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => String(form.get(name) ?? '');
        save({
          slotOrders: whole(text('slotOrders')),
          slotPizzas: text('slotPizzas').trim() === '' ? null : whole(text('slotPizzas')),
          prepMinutes: Object.fromEntries(ITEM_CATEGORIES.map((c) => [c, whole(text(`prep-${c}`))])),
          busy: settings.busy,
          busyMinutes: whole(text('busyMinutes')),
        });
      }}
    >
      <FormField label={`Orders per ${SLOT_MINUTES} minutes`}>
        <input name="slotOrders" type="number" min={1} className="field" defaultValue={settings.slotOrders} />
      </FormField>
      <FormField label={`Pizzas per ${SLOT_MINUTES} minutes (empty: not counted)`}>
        <input
          name="slotPizzas"
          type="number"
          min={1}
          className="field"
          defaultValue={settings.slotPizzas ?? ''}
        />
      </FormField>
      <FormField label="Busy adds (min)">
        <input
          name="busyMinutes"
          type="number"
          min={0}
          className="field"
          defaultValue={settings.busyMinutes}
        />
      </FormField>
      {ITEM_CATEGORIES.map((category) => (
        <FormField key={category} label={`Preparing a ${category} (min)`}>
          <input
            name={`prep-${category}`}
            type="number"
            min={0}
            className="field"
            defaultValue={settings.prepMinutes[category]}
          />
        </FormField>
      ))}
      {state.context.error && (
        <p role="alert" className="field-error sm:col-span-3">
          {state.context.error}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save the kitchen’s rules'}
        </button>
      </div>
    </form>
  );
}

function Hours({ onSaved }: { onSaved: () => void }) {
  const { shopHours } = useOrderingLogic();
  const [snapshot] = useActor(shopHours);
  const read = snapshot.output;
  if (!read) return <p role="status">Loading the opening hours…</p>;
  if (!read.ok) return <p role="alert">{read.message}</p>;
  return <HoursForm hours={read.value} onSaved={onSaved} />;
}

function Kitchen({ onSaved }: { onSaved: () => void }) {
  const { kitchenSettings } = useOrderingLogic();
  const [snapshot] = useActor(kitchenSettings);
  const read = snapshot.output;
  if (!read) return <p role="status">Loading the kitchen’s rules…</p>;
  if (!read.ok) return <p role="alert">{read.message}</p>;
  return <KitchenForm settings={read.value} onSaved={onSaved} />;
}

/** Admin → Hours: the shop's week and closed dates, and the kitchen's rules (slots, preparation, busy). */
export function HoursPage() {
  const [hoursReads, setHoursReads] = useState(0);
  const [kitchenReads, setKitchenReads] = useState(0);
  const rereadHours = useCallback(() => setHoursReads((n) => n + 1), []);
  const rereadKitchen = useCallback(() => setKitchenReads((n) => n + 1), []);
  return (
    <div className="grid gap-10">
      <section aria-labelledby="hours-title" className="grid gap-4">
        <h2 id="hours-title" className="text-2xl font-bold">
          Opening hours
        </h2>
        <Hours key={hoursReads} onSaved={rereadHours} />
      </section>
      <section aria-labelledby="kitchen-rules-title" className="grid gap-4">
        <h2 id="kitchen-rules-title" className="text-2xl font-bold">
          The kitchen
        </h2>
        <Kitchen key={kitchenReads} onSaved={rereadKitchen} />
      </section>
    </div>
  );
}
