import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { OptionGroupFormInput } from '../../../contract/admin.ts';
import type { OptionGroup } from '../../../contract/options.ts';

type Choice = OptionGroupFormInput['choices'][number];

/** An item's groups as the form edits them (text where the owner types numbers). */
export const groupsForForm = (groups: readonly OptionGroup[] = []): OptionGroupFormInput[] =>
  groups.map((group) => ({
    ...group,
    min: String(group.min),
    max: String(group.max),
    choices: group.choices.map((choice) => ({ ...choice, priceDelta: String(choice.priceDelta) })),
  }));

const NEW_CHOICE: Choice = { name: '', priceDelta: '0', default: false, available: true };
const NEW_GROUP: OptionGroupFormInput = {
  name: '',
  required: false,
  min: '0',
  max: '1',
  choices: [NEW_CHOICE],
};

/** `list` with the entry at `from` moved by `by` (−1 up, +1 down); the same list at either end. */
function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

const replaced = <T,>(list: readonly T[], at: number, value: T): T[] =>
  list.map((entry, index) => (index === at ? value : entry));

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-neutral-700 hover:bg-neutral-100 disabled:opacity-30';

/** Up, down and remove for the entry at `at` of `list` (a group, or a group's choice). */
function ListEntryButtons<T>({
  label,
  list,
  at,
  onChange,
}: {
  label: string;
  list: readonly T[];
  at: number;
  onChange: (list: T[]) => void;
}) {
  return (
    <div className="flex">
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${label} up`}
        disabled={at === 0}
        onClick={() => onChange(moved(list, at, -1))}
      >
        <ArrowUp aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Move ${label} down`}
        disabled={at === list.length - 1}
        onClick={() => onChange(moved(list, at, 1))}
      >
        <ArrowDown aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Remove ${label}`}
        onClick={() => onChange(list.filter((_, index) => index !== at))}
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

/** The first message the form's rule (contract/admin.ts) gave within these errors, depth first. */
function firstMessage(errors: unknown): string | undefined {
  if (typeof errors !== 'object' || errors === null) return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, nested] of Object.entries(errors)) {
    // react-hook-form keeps the element it would focus under `ref`: not an error.
    if (key === 'ref') continue;
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

/** The message for the list itself (two groups of one name), not for one of its groups. */
function listMessage(errors: unknown): string | undefined {
  const list = errors as { message?: string; root?: { message?: string } } | undefined;
  return list?.message ?? list?.root?.message;
}

/**
 * The owner's option groups (Add items, Update item): add, remove and reorder groups and their choices,
 * say what each choice adds to the price, which are taken by default, and which are sold out today.
 * The form checks them with the contract's rule, the server again (both name the group).
 */
export function OptionGroupsEditor({
  value,
  onChange,
  errors,
}: {
  value: readonly OptionGroupFormInput[];
  onChange: (groups: OptionGroupFormInput[]) => void;
  /** The form's errors for `options`. */
  errors: unknown;
}) {
  const setGroup = (at: number, group: OptionGroupFormInput) => onChange(replaced(value, at, group));
  const listError = listMessage(errors);
  return (
    <fieldset className="grid gap-4 sm:col-span-2">
      <legend className="mb-2 text-lg font-bold">Options</legend>
      {value.length === 0 && <p className="text-neutral-700">No options: the item is ordered as it is.</p>}
      {value.map((group, at) => {
        const label = group.name || `Group ${at + 1}`;
        const setChoice = (index: number, choice: Choice) =>
          setGroup(at, { ...group, choices: replaced(group.choices, index, choice) });
        const groupError = firstMessage((errors as Record<number, unknown> | undefined)?.[at]);
        return (
          <section
            // Groups have no id until saved: their place is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={at}
            aria-label={`Option group ${label}`}
            className="grid gap-3 rounded-2xl border border-neutral-300 p-4"
          >
            <div className="flex flex-wrap items-end gap-3">
              <label className="grid min-w-40 flex-1 gap-1">
                <span className="font-semibold">Group name</span>
                <input
                  className="field"
                  value={group.name}
                  onChange={(event) => setGroup(at, { ...group, name: event.target.value })}
                />
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-ink"
                  checked={group.required}
                  onChange={(event) =>
                    setGroup(at, {
                      ...group,
                      required: event.target.checked,
                      min: event.target.checked ? '1' : '0',
                    })
                  }
                />
                Required
              </label>
              <label className="grid w-24 gap-1">
                <span className="font-semibold">At least</span>
                <input
                  className="field"
                  inputMode="numeric"
                  value={String(group.min)}
                  onChange={(event) => setGroup(at, { ...group, min: event.target.value })}
                />
              </label>
              <label className="grid w-24 gap-1">
                <span className="font-semibold">At most</span>
                <input
                  className="field"
                  inputMode="numeric"
                  value={String(group.max)}
                  onChange={(event) => setGroup(at, { ...group, max: event.target.value })}
                />
              </label>
              <ListEntryButtons label={label} list={value} at={at} onChange={onChange} />
            </div>
            <ul className="grid gap-2" aria-label={`Choices of ${label}`}>
              {group.choices.map((choice, index) => {
                const name = choice.name || `Choice ${index + 1}`;
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: a choice has no id until saved.
                    key={index}
                    className="flex flex-wrap items-end gap-3 rounded-xl bg-cream/60 p-2"
                  >
                    <label className="grid min-w-36 flex-1 gap-1">
                      <span className="text-sm font-semibold">Choice</span>
                      <input
                        className="field"
                        value={choice.name}
                        onChange={(event) => setChoice(index, { ...choice, name: event.target.value })}
                      />
                    </label>
                    <label className="grid w-28 gap-1">
                      <span className="text-sm font-semibold">Price change</span>
                      <input
                        className="field"
                        inputMode="decimal"
                        value={String(choice.priceDelta)}
                        onChange={(event) => setChoice(index, { ...choice, priceDelta: event.target.value })}
                      />
                    </label>
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-ink"
                        checked={choice.default}
                        onChange={(event) => setChoice(index, { ...choice, default: event.target.checked })}
                      />
                      Default
                    </label>
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-ink"
                        checked={!choice.available}
                        onChange={(event) =>
                          setChoice(index, { ...choice, available: !event.target.checked })
                        }
                      />
                      Sold out today
                    </label>
                    <ListEntryButtons
                      label={name}
                      list={group.choices}
                      at={index}
                      onChange={(choices) => setGroup(at, { ...group, choices })}
                    />
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="btn-dark w-fit"
              onClick={() => setGroup(at, { ...group, choices: [...group.choices, NEW_CHOICE] })}
            >
              <Plus aria-hidden="true" className="size-5" />
              Add a choice to {label}
            </button>
            {groupError && (
              <p role="alert" className="font-semibold text-coral-ink">
                {groupError}
              </p>
            )}
          </section>
        );
      })}
      <button type="button" className="btn-dark w-fit" onClick={() => onChange([...value, NEW_GROUP])}>
        <Plus aria-hidden="true" className="size-5" />
        Add an option group
      </button>
      {listError && (
        <p role="alert" className="font-semibold text-coral-ink">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
