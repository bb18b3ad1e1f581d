import * as v from 'valibot';

/** A whole number from `min` to `max`, each refusal naming the field by `label` (the owner's forms). */
export const wholeNumber = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(max, `${label} must be at most ${max}`),
  );
