import { useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import * as v from 'valibot';
import { ITEM_CATEGORIES } from '../../../contract/menu.ts';
import { ORDER_TYPES } from '../../../contract/order-lifecycle.ts';
import {
  describePromotion,
  PROMO_KINDS,
  PROMO_STANDING_LABELS,
  type PromoStanding,
  type Promotion,
  type PromotionFormInput,
  PromotionInputSchema,
} from '../../../contract/promotions.ts';
import { useAdminLogic } from '../../actors/admin.ts';
import { FormAlert, SubmitButton } from '../../components/controls.tsx';
import { FormField } from '../../components/form-field.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { PagedSearchSchema } from '../list-search.ts';
import { useListSearch, usePagedList } from '../use-paged-list.ts';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
/** A number field: its number, or null when left empty (a limit not set bounds nothing). */
const numberOrNull = (form: FormData, name: string) =>
  text(form, name) === '' ? null : Number(text(form, name));
/** A local date and time field as the instant it stands for; null when left empty. */
const instantOrNull = (form: FormData, name: string) =>
  text(form, name) === '' ? null : new Date(text(form, name)).toISOString();
const localField = (instant: string | null) => (instant ? dayjs(instant).format('YYYY-MM-DDTHH:mm') : '');

/** The form's fields as the API takes them. */
function readForm(form: FormData): PromotionFormInput {
  const orderType = text(form, 'orderType');
  return {
    code: text(form, 'code'),
    kind: text(form, 'kind') as PromotionFormInput['kind'],
    amount: Number(text(form, 'amount')),
    minFood: numberOrNull(form, 'minFood') ?? 0,
    startsAt: instantOrNull(form, 'startsAt'),
    endsAt: instantOrNull(form, 'endsAt'),
    maxUses: numberOrNull(form, 'maxUses'),
    maxUsesPerCustomer: numberOrNull(form, 'maxUsesPerCustomer'),
    orderType: orderType === '' ? null : (orderType as PromotionFormInput['orderType']),
    categories: form.getAll('categories').map(String) as PromotionFormInput['categories'],
    active: form.get('active') === 'on',
  };
}

/** A code's terms: a new one, or (`editing` given) one of the list's, its fields filled in. */
function PromotionForm({ editing, onDone }: { editing: Promotion | null; onDone: () => void }) {
  const { savePromotion } = useAdminLogic();
  const [state, send] = useMachine(savePromotion);
  const [problem, setProblem] = useState<string | null>(null);
  const { submitted, error } = state.context;
  useEffect(() => {
    if (submitted > 0) onDone();
  }, [submitted, onDone]);
  const saving = state.matches('submitting');
  return (
    <form
      // A save, or another code to edit, starts the form again.
      key={`${editing?._id ?? 'new'}:${submitted}`}
      aria-label={editing ? `Edit promo code ${editing.code}` : 'Add a promo code'}
      aria-busy={saving}
      noValidate
      className="grid gap-4 rounded-2xl bg-cream p-4 sm:grid-cols-2 lg:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault();
        const values = readForm(new FormData(event.currentTarget));
        const checked = v.safeParse(PromotionInputSchema, values);
        setProblem(checked.success ? null : checked.issues[0].message);
        if (checked.success) send({ type: 'form.submit', values: { ...values, _id: editing?._id } });
      }}
    >
      <h3 className="text-lg font-bold sm:col-span-2 lg:col-span-3">
        {editing ? `Edit ${editing.code}` : 'Add a promo code'}
      </h3>
      <FormField label="Code">
        <input
          name="code"
          className="field uppercase"
          defaultValue={editing?.code ?? ''}
          autoComplete="off"
        />
      </FormField>
      <FormField label="Kind">
        <select name="kind" className="field" defaultValue={editing?.kind ?? 'percent'}>
          {PROMO_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kind === 'percent' ? 'Percent off the food' : 'Fixed amount off (tk)'}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Amount (percent, or tk)">
        <input name="amount" inputMode="decimal" className="field" defaultValue={editing?.amount ?? ''} />
      </FormField>
      <FormField label="Minimum food total (tk)">
        <input name="minFood" inputMode="decimal" className="field" defaultValue={editing?.minFood ?? 0} />
      </FormField>
      <FormField label="Valid from">
        <input
          name="startsAt"
          type="datetime-local"
          className="field"
          defaultValue={localField(editing?.startsAt ?? null)}
        />
      </FormField>
      <FormField label="Valid until">
        <input
          name="endsAt"
          type="datetime-local"
          className="field"
          defaultValue={localField(editing?.endsAt ?? null)}
        />
      </FormField>
      <FormField label="Total uses (empty: no limit)">
        <input name="maxUses" inputMode="numeric" className="field" defaultValue={editing?.maxUses ?? ''} />
      </FormField>
      <FormField label="Uses per customer (empty: no limit)">
        <input
          name="maxUsesPerCustomer"
          inputMode="numeric"
          className="field"
          defaultValue={editing?.maxUsesPerCustomer ?? ''}
        />
      </FormField>
      <FormField label="Order type">
        <select name="orderType" className="field" defaultValue={editing?.orderType ?? ''}>
          <option value="">Any</option>
          {ORDER_TYPES.map((type) => (
            <option key={type} value={type}>
              {type === 'delivery' ? 'Delivery only' : 'Pickup only'}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="grid gap-1 sm:col-span-2">
        <legend className="font-bold">Only for these categories (none: every item)</legend>
        <div className="flex flex-wrap gap-x-4">
          {ITEM_CATEGORIES.map((category) => (
            <label key={category} className="inline-flex min-h-11 items-center gap-2 capitalize">
              <input
                type="checkbox"
                name="categories"
                value={category}
                defaultChecked={editing?.categories.includes(category) ?? false}
                className="size-5"
              />
              {category}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 font-bold">
        <input type="checkbox" name="active" defaultChecked={editing?.active ?? true} className="size-5" />
        Active
      </label>
      <div className="grid gap-2 sm:col-span-2 lg:col-span-3">
        <FormAlert message={problem ?? error} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={saving}>{editing ? 'Save code' : 'Add code'}</SubmitButton>
          {editing && (
            <button type="button" className="btn-neutral" onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

/** When a code applies, in words. */
function validity({ startsAt, endsAt }: Pick<Promotion, 'startsAt' | 'endsAt'>): string {
  const at = (instant: string) => dayjs(instant).format('D MMM YYYY, h:mm A');
  if (startsAt && endsAt) return `${at(startsAt)} – ${at(endsAt)}`;
  if (startsAt) return `From ${at(startsAt)}`;
  if (endsAt) return `Until ${at(endsAt)}`;
  return 'Always';
}

/** Green only while checkout takes the code; its words say which of the other standings it is in. */
const STANDING_COLOURS: Record<PromoStanding, string> = {
  active: 'text-green-800',
  scheduled: 'text-brand-ink',
  expired: 'text-neutral-700',
  used_up: 'text-neutral-700',
  off: 'text-coral-ink',
};

/** Admin → Promotions: the owner's codes, their terms and uses; a form to add one or change one. */
export function PromotionsPage() {
  const search = useListSearch(PagedSearchSchema, useSearch({ from: '/admin/promotions' }));
  const { promotions } = useAdminLogic();
  const { rows, send, table } = usePagedList(promotions, search, ['promo code', 'promo codes']);
  const [editing, setEditing] = useState<Promotion | null>(null);
  const saved = useCallback(() => {
    setEditing(null);
    send({ type: 'list.refresh' });
  }, [send]);
  return (
    <div className="grid gap-6">
      <PromotionForm editing={editing} onDone={saved} />
      <ListTable
        title="Promotions"
        {...table}
        empty={<p className="py-6 text-center text-lg">No promo codes yet.</p>}
        columns={['Code', 'Terms', 'Valid', 'Uses', 'Action']}
        minWidth="min-w-[44rem]"
      >
        {rows.map((promotion) => (
          <tr key={promotion._id} className="border-b border-neutral-200 align-top">
            <td className="py-3 pr-4">
              <span className="block font-mono font-bold">{promotion.code}</span>
              <span className={`text-sm font-semibold ${STANDING_COLOURS[promotion.standing]}`}>
                {PROMO_STANDING_LABELS[promotion.standing]}
              </span>
            </td>
            <td className="py-3 pr-4">{describePromotion(promotion)}</td>
            <td className="py-3 pr-4 text-sm">{validity(promotion)}</td>
            <td className="py-3 pr-4 text-sm">
              {promotion.usesPaid} paid
              {promotion.maxUses === null ? '' : ` of ${promotion.maxUses}`}
              <span className="block text-neutral-700">{promotion.usesHeld} held by unpaid orders</span>
            </td>
            <td className="py-3">
              <button
                type="button"
                className="inline-flex min-h-11 items-center font-bold text-brand-ink underline underline-offset-4"
                aria-label={`Edit promo code ${promotion.code}`}
                onClick={() => setEditing(promotion)}
              >
                Edit
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
