import { useActor } from '@xstate/react';
import { useCallback, useState } from 'react';
import type { DeliveryArea, FeeKind } from '../../../contract/delivery.ts';
import {
  CASH_ACCEPT_MINUTES_MAX,
  CASH_ACCEPT_MINUTES_MIN,
  type PaymentSettings,
} from '../../../contract/payment-settings.ts';
import { useOrderingLogic } from '../../actors/ordering.ts';
import { FormField } from '../../components/form-field.tsx';
import { useSaver } from './use-saver.ts';

/** An area as the form holds it: its numbers as typed, its postcodes as one line. */
interface AreaForm {
  _id?: string;
  name: string;
  postcodes: string;
  feeKind: FeeKind;
  feePercent: string;
  fee: string;
  freeAbove: string;
  minimum: string;
  deliveryMinutes: string;
}

const formOf = (area: DeliveryArea): AreaForm => ({
  _id: area._id,
  name: area.name,
  postcodes: area.postcodes.join(', '),
  feeKind: area.feeKind,
  feePercent: String(area.feePercent),
  fee: area.fee.toFixed(2),
  freeAbove: area.freeAbove === null ? '' : area.freeAbove.toFixed(2),
  minimum: area.minimum.toFixed(2),
  deliveryMinutes: String(area.deliveryMinutes),
});

const NEW_AREA: AreaForm = {
  name: '',
  postcodes: '',
  feeKind: 'fixed',
  feePercent: '5',
  fee: '0.00',
  freeAbove: '',
  minimum: '0.00',
  deliveryMinutes: '20',
};

/** The form's areas as the API takes them (AreasInputSchema checks them on the way). */
const bodyOf = (areas: readonly AreaForm[]) => ({
  areas: areas.map(({ _id, postcodes, feePercent, fee, freeAbove, minimum, deliveryMinutes, ...area }) => ({
    ...(_id ? { _id } : {}),
    ...area,
    postcodes: postcodes.split(/[\s,]+/).filter(Boolean),
    feePercent: Number(feePercent),
    fee: Number(fee),
    freeAbove: freeAbove.trim() === '' ? null : Number(freeAbove),
    minimum: Number(minimum),
    deliveryMinutes: Number(deliveryMinutes),
  })),
});

/** The area's numbers, typed as text. */
type AmountField = 'feePercent' | 'fee' | 'freeAbove' | 'minimum' | 'deliveryMinutes';
/** Taka to the paisa. */
const TAKA = { step: 0.01 };

function AreaFields({
  area,
  index,
  onChange,
  onRemove,
}: {
  area: AreaForm;
  index: number;
  onChange: (area: AreaForm) => void;
  onRemove: () => void;
}) {
  const set = (field: keyof AreaForm) => (event: { target: { value: string } }) =>
    onChange({ ...area, [field]: event.target.value });
  const numberField = (label: string, field: AmountField, bounds: { max?: number; step?: number }) => (
    <FormField label={label}>
      <input className="field" type="number" min={0} {...bounds} value={area[field]} onChange={set(field)} />
    </FormField>
  );
  return (
    <fieldset className="grid gap-3 rounded-2xl bg-cream p-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="px-1 font-bold">
        Area {index + 1}
        {area.name && `: ${area.name}`}
      </legend>
      <FormField label="Name">
        <input className="field" value={area.name} maxLength={60} onChange={set('name')} />
      </FormField>
      <div className="sm:col-span-2 lg:col-span-3">
        <FormField label="Postcodes (none: every postcode no other area lists)">
          <input
            className="field"
            value={area.postcodes}
            placeholder="1205, 1209"
            onChange={set('postcodes')}
          />
        </FormField>
      </div>
      <FormField label="Fee">
        <select className="field" value={area.feeKind} onChange={set('feeKind')}>
          <option value="percent">A percent of the food</option>
          <option value="fixed">A fixed fee</option>
        </select>
      </FormField>
      {area.feeKind === 'percent'
        ? numberField('Percent of the food', 'feePercent', { max: 100 })
        : numberField('Fee (tk)', 'fee', TAKA)}
      {numberField('Free from (tk, empty: never)', 'freeAbove', TAKA)}
      {numberField('Minimum order (tk)', 'minimum', TAKA)}
      {numberField('Delivery time (min)', 'deliveryMinutes', { max: 240 })}
      <div className="flex items-end">
        <button type="button" className="btn-neutral" onClick={onRemove}>
          Remove area
        </button>
      </div>
    </fieldset>
  );
}

/** The areas as read: edited in place, saved whole. */
function AreasForm({ areas: read, onSaved }: { areas: DeliveryArea[]; onSaved: () => void }) {
  const { saveAreas } = useOrderingLogic();
  const { state, save } = useSaver(saveAreas, onSaved);
  const [areas, setAreas] = useState(() => read.map(formOf));
  const saving = state.matches('submitting');
  return (
    <form
      aria-label="Delivery areas"
      aria-busy={saving}
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save(bodyOf(areas));
      }}
    >
      <p className="text-neutral-700">
        Checkout finds a postcode's area from the top: the first area that lists it, else the first that lists
        none. A postcode no area takes is not delivered to ("try pickup").
      </p>
      {areas.map((area, index) => (
        <AreaFields
          key={area._id ?? `new-${index}`}
          area={area}
          index={index}
          onChange={(changed) => setAreas(areas.map((other, at) => (at === index ? changed : other)))}
          onRemove={() => setAreas(areas.filter((_, at) => at !== index))}
        />
      ))}
      {state.context.error && (
        <p role="alert" className="field-error">
          {state.context.error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-neutral" onClick={() => setAreas([...areas, NEW_AREA])}>
          Add an area
        </button>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save areas'}
        </button>
      </div>
    </form>
  );
}

/** The areas, read once; read again after each save so the form holds what the server keeps. */
function Areas({ onSaved }: { onSaved: () => void }) {
  const { deliveryAreas } = useOrderingLogic();
  const [snapshot] = useActor(deliveryAreas);
  const read = snapshot.output;
  if (!read) return <p role="status">Loading the delivery areas…</p>;
  if (!read.ok) return <p role="alert">{read.message}</p>;
  return <AreasForm areas={read.value} onSaved={onSaved} />;
}

/**
 * How customers may pay: online, and cash at the door or the counter (perhaps only under an amount, or
 * for customers who have had an order delivered or collected).
 */
function PaymentsForm({ settings, onSaved }: { settings: PaymentSettings; onSaved: () => void }) {
  const { savePayments } = useOrderingLogic();
  const { state, save } = useSaver(savePayments, onSaved);
  const saving = state.matches('submitting');
  return (
    <form
      aria-label="Payment methods"
      aria-busy={saving}
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const max = String(form.get('cashMax') ?? '').trim();
        save({
          online: form.get('online') === 'on',
          cash: form.get('cash') === 'on',
          cashMax: max === '' ? null : Number(max),
          cashRegularsOnly: form.get('cashRegularsOnly') === 'on',
          // An empty field is no number: the server says so in words.
          cashAcceptMinutes: Number(String(form.get('cashAcceptMinutes') ?? '').trim() || Number.NaN),
        });
      }}
    >
      <label className="flex min-h-11 items-center gap-2 font-bold">
        <input type="checkbox" name="online" className="size-5" defaultChecked={settings.online} />
        Pay online
      </label>
      <label className="flex min-h-11 items-center gap-2 font-bold">
        <input type="checkbox" name="cash" className="size-5" defaultChecked={settings.cash} />
        Cash on delivery and at the counter
      </label>
      <FormField label="Cash only for orders under (tk; empty: any)">
        <input
          name="cashMax"
          type="number"
          min={1}
          step="0.01"
          className="field"
          defaultValue={settings.cashMax ?? ''}
        />
      </FormField>
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          name="cashRegularsOnly"
          className="size-5"
          defaultChecked={settings.cashRegularsOnly}
        />
        Cash only for customers with a delivered or collected order
      </label>
      <FormField label="Release a cash order the kitchen has not accepted within (min)">
        <input
          name="cashAcceptMinutes"
          type="number"
          min={CASH_ACCEPT_MINUTES_MIN}
          max={CASH_ACCEPT_MINUTES_MAX}
          step="1"
          className="field"
          defaultValue={settings.cashAcceptMinutes}
        />
      </FormField>
      <p className="text-sm">
        Its stock goes back on the menu and the customer is told, so an order nobody saw holds nothing.
      </p>
      {state.context.error && (
        <p role="alert" className="field-error">
          {state.context.error}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save payment methods'}
        </button>
      </div>
    </form>
  );
}

function Payments({ onSaved }: { onSaved: () => void }) {
  const { paymentSettings } = useOrderingLogic();
  const [snapshot] = useActor(paymentSettings);
  const read = snapshot.output;
  if (!read) return <p role="status">Loading the payment methods…</p>;
  if (!read.ok) return <p role="alert">{read.message}</p>;
  return <PaymentsForm settings={read.value} onSaved={onSaved} />;
}

/**
 * Admin → Delivery: where the shop delivers, at what fee and minimum, and how long a rider takes; and
 * how customers pay.
 */
export function DeliveryPage() {
  const [reads, setReads] = useState(0);
  const reread = useCallback(() => setReads((n) => n + 1), []);
  const [paymentReads, setPaymentReads] = useState(0);
  const rereadPayments = useCallback(() => setPaymentReads((n) => n + 1), []);
  return (
    <section aria-labelledby="delivery-title" className="grid gap-6">
      <h2 id="delivery-title" className="text-2xl font-bold">
        Delivery
      </h2>
      <Areas key={reads} onSaved={reread} />
      <h2 id="payments-title" className="text-2xl font-bold">
        Payments
      </h2>
      <Payments key={paymentReads} onSaved={rereadPayments} />
    </section>
  );
}
