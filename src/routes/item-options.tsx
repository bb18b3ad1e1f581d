import { formatMenuPrice, toCents } from '../../contract/money.ts';
import { INSTRUCTIONS_MAX, type OptionGroup, takesExactlyOne } from '../../contract/options.ts';

/** What a choice adds to the price: '+$3.00', '−$2.00', nothing when it costs the same. */
export function deltaText(priceDelta: number): string {
  const cents = toCents(priceDelta);
  if (cents === 0) return '';
  return `${cents > 0 ? '+' : '−'}${formatMenuPrice(Math.abs(cents))}`;
}

/** How a group asks to be chosen, under its name. */
function groupRule(group: OptionGroup): string {
  if (takesExactlyOne(group)) return 'Required';
  if (group.min === 0) return group.max === 1 ? 'Optional' : `Choose up to ${group.max}`;
  return group.min === group.max ? `Choose ${group.max}` : `Choose ${group.min} to ${group.max}`;
}

interface GroupsProps {
  groups: readonly OptionGroup[];
  chosen: readonly string[];
  /** Whether the configurator takes this choice now (its guards: sold out, a full group). */
  canTake: (group: OptionGroup, choiceId: string) => boolean;
  onTake: (group: OptionGroup, choiceId: string) => void;
  /** Inert until the browser has taken the page over: a tap before then would be lost. */
  disabled: boolean;
}

/**
 * The item's option groups as the configurator shows them (machines/configurator.machine.ts): a group of
 * exactly one as radio buttons, any other as checkboxes, each choice with what it adds to the price; a
 * sold-out choice is shown, greyed, and can not be taken.
 */
export function OptionGroups({ groups, chosen, canTake, onTake, disabled }: GroupsProps) {
  return (
    <div className="mt-6 grid gap-5">
      {groups.map((group) => (
        <fieldset key={group._id} className="grid gap-2" disabled={disabled}>
          <legend className="mb-1 flex w-full items-baseline justify-between gap-3">
            <span className="text-lg font-bold">{group.name}</span>
            <span className="text-sm text-neutral-700">{groupRule(group)}</span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {group.choices.map((choice) => {
              const isChosen = chosen.includes(choice._id);
              return (
                <label
                  key={choice._id}
                  className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition has-checked:border-brand-ink has-checked:bg-brand/15 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${isChosen ? '' : 'border-neutral-300'}`}
                >
                  <input
                    type={takesExactlyOne(group) ? 'radio' : 'checkbox'}
                    name={`option-${group._id}`}
                    className="size-5 accent-brand-ink"
                    checked={isChosen}
                    disabled={!choice.available || (!isChosen && !canTake(group, choice._id))}
                    onChange={() => onTake(group, choice._id)}
                  />
                  <span className="flex-1">{choice.name}</span>{' '}
                  <span className="text-sm font-semibold text-neutral-700">
                    {choice.available ? deltaText(choice.priceDelta) : 'Sold out today'}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** The line's special instructions, one line of at most INSTRUCTIONS_MAX characters. */
export function InstructionsField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  return (
    <label className="mt-5 grid gap-1">
      <span className="flex justify-between font-bold">
        Special instructions
        <span className="text-sm font-normal text-neutral-700" aria-hidden="true">
          {value.length}/{INSTRUCTIONS_MAX}
        </span>
      </span>
      <input
        className="field"
        maxLength={INSTRUCTIONS_MAX}
        placeholder="No onions, cut in squares…"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value.replace(/[\r\n]+/g, ' '))}
      />
    </label>
  );
}
