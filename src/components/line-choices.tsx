import { allergyPieces } from '../../contract/allergens.ts';
import { describeChoices, type LineChoice } from '../../contract/options.ts';

/** Instructions with their allergy words set apart (the kitchen's card reads them at arm's length). */
export function MarkedInstructions({ text }: { text: string }) {
  return (
    <>
      {allergyPieces(text).map((piece, at) =>
        at % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in their one order.
          <mark key={at} className="rounded bg-coral-ink px-1 font-black text-white not-italic uppercase">
            {piece}
          </mark>
        ) : (
          piece
        ),
      )}
    </>
  );
}

/**
 * A line's options and instructions as every place that reads an order shows them: 'Large · Thin ·
 * +Olives, +Jalapeños', then the instructions in quotes. Nothing for a line without either. The kitchen
 * marks the allergy words in the instructions.
 */
export function LineChoices({
  options = [],
  instructions = '',
  className = 'text-sm text-neutral-700',
  markAllergens = false,
}: {
  options?: readonly LineChoice[] | undefined;
  instructions?: string | undefined;
  className?: string;
  markAllergens?: boolean;
}) {
  const chosen = describeChoices(options);
  if (!chosen && !instructions) return null;
  return (
    <span className={`block ${className}`}>
      {chosen}
      {instructions && (
        <span className="block italic">
          “{markAllergens ? <MarkedInstructions text={instructions} /> : instructions}”
        </span>
      )}
    </span>
  );
}
