import type { AreaInput } from '../../../contract/delivery.ts';

/** The seeded delivery area as the owner saves it: every postcode, the spec's 5 %, no minimum. */
export const SEEDED_AREA: AreaInput = {
  name: 'Every postcode',
  postcodes: [],
  feeKind: 'percent',
  feePercent: 5,
  fee: 0,
  freeAbove: null,
  minimum: 0,
  deliveryMinutes: 20,
};
