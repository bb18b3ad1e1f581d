import { describeChoices, type LineChoice } from '../../contract/options.ts';

/**
 * A line's options and instructions as every place that reads an order shows them: 'Large · Thin ·
 * +Olives, +Jalapeños', then the instructions in quotes. Nothing for a line without either.
 */
export function LineChoices({
  options = [],
  instructions = '',
  className = 'text-sm text-neutral-700',
}: {
  options?: readonly LineChoice[] | undefined;
  instructions?: string | undefined;
  className?: string;
}) {
  const chosen = describeChoices(options);
  if (!chosen && !instructions) return null;
  return (
    <span className={`block ${className}`}>
      {chosen}
      {instructions && <span className="block italic">“{instructions}”</span>}
    </span>
  );
}
