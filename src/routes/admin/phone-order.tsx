import { Link } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { Copy, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { estimateText, whenText } from '../../../contract/kitchen.ts';
import { formatAdminPrice, toCents } from '../../../contract/money.ts';
import { type OptionGroup, takesExactlyOne } from '../../../contract/options.ts';
import { FIELDS_OF, ORDER_TIME_FORMAT, type ShippingField } from '../../../contract/order.ts';
import type { OrderType, PaymentMethod } from '../../../contract/order-lifecycle.ts';
import type { PhoneOrderTaken } from '../../../contract/phone-order.ts';
import type { configuratorMachine } from '../../../machines/configurator.machine.ts';
import { foodCents, lineKey, type phoneOrderMachine } from '../../../machines/phone-order.machine.ts';
import { usePhoneOrderLogic } from '../../actors/phone-order.ts';
import { ChoiceChips, FormAlert, SubmitButton } from '../../components/controls.tsx';
import { FormField } from '../../components/form-field.tsx';
import { InstructionsField, OptionGroups } from '../item-options.tsx';

type PhoneSnapshot = ReturnType<typeof useMachine<typeof phoneOrderMachine>>[0];
type PhoneSend = ReturnType<typeof useMachine<typeof phoneOrderMachine>>[1];
type ConfiguratorRef = import('xstate').ActorRefFrom<typeof configuratorMachine>;

const LABELS: Record<ShippingField, { label: string; type: string }> = {
  fullName: { label: 'Customer’s name *', type: 'text' },
  phone: { label: 'Phone *', type: 'tel' },
  email: { label: 'Email (optional: the payment link is mailed there)', type: 'email' },
  address: { label: 'Address *', type: 'text' },
  postcode: { label: 'Postcode *', type: 'text' },
  city: { label: 'City *', type: 'text' },
};

const PAYMENTS: ReadonlyArray<{ method: PaymentMethod; label: string }> = [
  {
    method: 'online',
    label: 'Payment link: sent as a text (and mailed when an e-mail is given); the order waits for it',
  },
  { method: 'cash', label: 'Cash at the counter or the door: the order goes to the kitchen now' },
];

const TYPES: ReadonlyArray<{ value: OrderType; label: string }> = [
  { value: 'pickup', label: 'Pickup' },
  { value: 'delivery', label: 'Delivery' },
];

/** The item being added: its options through the configurator (the item page's), how many, then Add. */
function Draft({ snapshot, send }: { snapshot: PhoneSnapshot; send: PhoneSend }) {
  const configurator = snapshot.children.configurator as ConfiguratorRef;
  const options = useSelector(configurator, (s) => s);
  const draft = snapshot.context.draft!;
  const { chosen, instructions, unitCents, problem } = options.context;
  const take = (group: OptionGroup, choiceId: string) =>
    ({ type: takesExactlyOne(group) ? 'options.choose' : 'options.toggle', choiceId }) as const;
  return (
    <section aria-labelledby="draft-title" className="grid gap-3 rounded-2xl border border-neutral-300 p-4">
      <h4 id="draft-title" className="text-lg font-bold">
        {draft.item.name} · {formatAdminPrice(unitCents)} each
      </h4>
      {options.context.groups.length > 0 && (
        <OptionGroups
          groups={options.context.groups}
          chosen={chosen}
          disabled={false}
          canTake={(group, choiceId) => options.can(take(group, choiceId))}
          onTake={(group, choiceId) => configurator.send(take(group, choiceId))}
        />
      )}
      <InstructionsField
        value={instructions}
        disabled={false}
        onChange={(text) => configurator.send({ type: 'options.instructions', text })}
      />
      <label className="grid max-w-40 gap-1 font-bold">
        Quantity
        <input
          className="field"
          type="number"
          inputMode="numeric"
          min={1}
          max={draft.item.quantity}
          value={draft.quantity}
          onChange={(event) => send({ type: 'draft.quantity', quantity: Number(event.target.value) })}
        />
      </label>
      {problem && (
        <p role="status" className="font-semibold text-coral-ink">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-primary"
          disabled={problem !== null}
          onClick={() => send({ type: 'draft.add', choices: chosen, instructions })}
        >
          Add to order
        </button>
        <button
          type="button"
          className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 px-4 font-bold"
          onClick={() => send({ type: 'draft.cancel' })}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}

/** The lines so far, each with its options, and the food's worth as the menu prices it. */
function Items({ snapshot, send }: { snapshot: PhoneSnapshot; send: PhoneSend }) {
  const { menu, lines, problem } = snapshot.context;
  const [itemId, setItemId] = useState('');
  const picking = snapshot.matches({ editing: { line: 'loading' } });
  return (
    <fieldset className="grid gap-3" aria-busy={picking}>
      <legend className="mb-2 text-xl font-bold">Items</legend>
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid min-w-0 flex-1 gap-1 font-bold">
          Menu item
          <select
            className="field"
            value={itemId}
            aria-invalid={problem?.field === 'lines' ? true : undefined}
            onChange={(event) => setItemId(event.target.value)}
          >
            <option value="">Choose an item</option>
            {menu.map((item) => (
              <option key={item._id} value={item._id} disabled={item.quantity === 0}>
                {item.name} — {formatAdminPrice(toCents(item.price))}
                {item.quantity === 0 ? ' (sold out)' : ''}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn-primary"
          disabled={itemId === '' || picking}
          onClick={() => send({ type: 'item.pick', itemId })}
        >
          Choose options
        </button>
      </div>
      {snapshot.matches({ editing: { line: 'configuring' } }) && <Draft snapshot={snapshot} send={send} />}
      {lines.length > 0 && (
        <ul className="grid gap-2" aria-label="Order lines">
          {lines.map((line, index) => (
            <li
              key={lineKey(line)}
              className="flex items-start justify-between gap-3 rounded-xl bg-cream p-3"
            >
              <span>
                <span className="font-bold">
                  {line.quantity} × {line.name}
                </span>{' '}
                <span className="text-neutral-700">{formatAdminPrice(line.unitCents * line.quantity)}</span>
                {line.choiceText && <span className="block text-sm text-neutral-700">{line.choiceText}</span>}
                {line.instructions && <span className="block text-sm italic">“{line.instructions}”</span>}
              </span>
              <button
                type="button"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-coral/10"
                aria-label={`Remove ${line.quantity} × ${line.name}`}
                onClick={() => send({ type: 'line.remove', index })}
              >
                <Trash2 aria-hidden="true" className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="font-semibold">
        Food: {formatAdminPrice(foodCents(lines))}{' '}
        <span className="font-normal text-neutral-700">
          (the delivery fee and the total are the server’s, from the menu)
        </span>
      </p>
    </fieldset>
  );
}

/** As soon as possible or a later slot the kitchen offers for this type. */
function When({ snapshot, send }: { snapshot: PhoneSnapshot; send: PhoneSend }) {
  const { slots, slot } = snapshot.context;
  const today = dayjs().format('YYYY-MM-DD');
  const loading = snapshot.matches({ editing: { times: 'loading' } });
  const id = useId();
  return (
    <div className="grid gap-1" aria-busy={loading}>
      <label htmlFor={id} className="font-bold">
        When
      </label>
      <select
        id={id}
        className="field"
        value={slot ?? ''}
        disabled={loading}
        onChange={(event) => send({ type: 'slot.set', slot: event.target.value || null })}
      >
        {/* The server's estimate for these lines, as checkout shows it: what staff tell the caller. */}
        <option value="">
          As soon as possible{slots?.asap ? ` (${estimateText(slots.asap.minutes)})` : ''}
        </option>
        {slots?.slots.map((offered) => (
          <option key={offered.at} value={offered.at}>
            {whenText(offered, today)}
          </option>
        ))}
      </select>
    </div>
  );
}

function TheForm({ snapshot, send }: { snapshot: PhoneSnapshot; send: PhoneSend }) {
  const { form, orderType, problem, error, paymentMethod } = snapshot.context;
  const inputs = useRef(new Map<string, HTMLElement>());
  const busy = snapshot.matches('submitting');
  // Shown under its field when the form shows that field; above Take order otherwise.
  const atField = problem !== null && (FIELDS_OF[orderType] as readonly string[]).includes(problem.field);
  // A refused press goes to the field it names.
  useEffect(() => {
    if (problem) inputs.current.get(problem.field)?.focus();
  }, [problem]);
  return (
    <form
      noValidate
      aria-labelledby="new-order-title"
      aria-busy={busy}
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'order.submit', orderTime: dayjs().format(ORDER_TIME_FORMAT) });
      }}
    >
      <Items snapshot={snapshot} send={send} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-xl font-bold">Delivery or pickup</legend>
        <ChoiceChips
          name="order-type"
          choices={TYPES}
          value={orderType}
          onChoose={(type) => send({ type: 'type.set', orderType: type })}
        />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-xl font-bold">Customer</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS_OF[orderType].map((field) => (
            <FormField
              key={field}
              label={LABELS[field].label}
              {...(problem?.field === field && { error: problem.message })}
            >
              <input
                ref={(input) => {
                  if (input) inputs.current.set(field, input);
                  else inputs.current.delete(field);
                }}
                className="field"
                type={LABELS[field].type}
                value={form[field]}
                onChange={(event) => send({ type: 'field.change', field, value: event.target.value })}
              />
            </FormField>
          ))}
        </div>
      </fieldset>
      <When snapshot={snapshot} send={send} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-xl font-bold">Payment</legend>
        {PAYMENTS.map(({ method, label }) => (
          <label key={method} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="payment"
              className="size-5 accent-ink"
              checked={paymentMethod === method}
              onChange={() => send({ type: 'payment.set', method })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {problem && !atField && <FormAlert message={problem.message} />}
      <FormAlert message={error} />
      <SubmitButton busy={busy} className="justify-self-start">
        Take order
      </SubmitButton>
    </form>
  );
}

/** The order is in: the payment link as an SMS to copy, and what was mailed. */
function Taken({ taken, onAnother }: { taken: PhoneOrderTaken; onAnother: () => void }) {
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="taken-title" className="grid gap-4">
      <h3 id="taken-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
        Order {taken.order.transaction_id} is on the board:{' '}
        {formatAdminPrice(toCents(taken.order.total_price))}
      </h3>
      {taken.sms_text && (
        <div className="grid gap-2">
          <label htmlFor="sms-text" className="font-bold">
            Text to send the customer
          </label>
          <textarea id="sms-text" className="field min-h-28" readOnly value={taken.sms_text} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className="btn-primary"
              onClick={() =>
                navigator.clipboard.writeText(taken.sms_text!).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              <Copy aria-hidden="true" className="size-5" />
              Copy the text
            </button>
            <p role="status">{copied ? 'Copied' : ''}</p>
          </div>
        </div>
      )}
      {taken.order.due_at && (
        <p className="font-semibold">
          {taken.order.order_type === 'delivery' ? 'Due at the door' : 'Ready at the counter'} by{' '}
          {dayjs(taken.order.due_at).format('ddd D MMM, h:mm A')}
        </p>
      )}
      <p>
        {taken.order.payment_method === 'cash'
          ? `Cash to collect: ${formatAdminPrice(toCents(taken.order.total_price))}.`
          : taken.mailed
            ? `The payment link was mailed to ${taken.order.email}.`
            : 'No e-mail was given: send the text above.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" onClick={onAnother}>
          Take another order
        </button>
        <Link
          to="/admin/kitchen"
          className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 px-4 font-bold"
        >
          Back to the board
        </Link>
      </div>
    </section>
  );
}

/**
 * Kitchen → New order: an order taken by phone (docs/decisions/039-cash-and-the-counter.md), for a caller
 * who may have no account. Priced and held by the server like any order; marked "Phone order" on the
 * board.
 */
export function PhoneOrderPage() {
  const { phoneOrder } = usePhoneOrderLogic();
  const [snapshot, send] = useMachine(phoneOrder);
  const { taken, error } = snapshot.context;
  return (
    <section aria-labelledby="new-order-title" className="grid max-w-3xl min-w-0 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="new-order-title" className="text-2xl font-bold">
          New order
        </h2>
        <Link to="/admin/kitchen" className="font-bold text-brand-ink underline underline-offset-4">
          Back to the board
        </Link>
      </div>
      {snapshot.matches('loading') && <p role="status">Reading the menu…</p>}
      {snapshot.matches('failed') && (
        <div role="alert" className="grid justify-items-start gap-2">
          <p>{error}</p>
          <button type="button" className="btn-primary" onClick={() => send({ type: 'menu.retry' })}>
            Try again
          </button>
        </div>
      )}
      {(snapshot.matches('editing') || snapshot.matches('submitting')) && (
        <TheForm snapshot={snapshot} send={send} />
      )}
      {taken && <Taken taken={taken} onAnother={() => send({ type: 'order.another' })} />}
    </section>
  );
}
