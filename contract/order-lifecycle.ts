// An order's life, defined once: the server's transition check (services/order-lifecycle.ts) and the
// SPA's order machine (machines/order.machine.ts) are both built from this table, and a test holds them
// to exactly the same transitions (docs/decisions/012-order-lifecycle.md).
import * as v from 'valibot';

export const ORDER_STATES = [
  'awaiting_payment',
  'paid',
  'accepted',
  'preparing',
  'out_for_delivery',
  'delivered',
  'ready_for_pickup',
  'collected',
  'payment_failed',
  'expired',
  'cancelled',
  'refund_due',
  'refunded',
  'placed',
  'cash_refused',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const OrderStateSchema = v.picklist(ORDER_STATES, `state must be one of: ${ORDER_STATES.join(', ')}`);

/**
 * Who may cause a transition: the gateway's validated notification, the expiry job, the customer who
 * owns the order, or staff (an admin).
 */
export const ORDER_ACTORS = ['gateway', 'job', 'customer', 'staff'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * How the customer gets the order: brought to their door, or collected at the shop. An order placed by
 * a client that knows nothing of types is a delivery, as the spec has every order.
 */
export const ORDER_TYPES = ['delivery', 'pickup'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const OrderTypeSchema = v.picklist(ORDER_TYPES, `orderType must be one of: ${ORDER_TYPES.join(', ')}`);

/**
 * How the customer pays: online at the gateway before the kitchen sees the order (the spec's way), or
 * cash at the door or the counter (docs/decisions/039-cash-and-the-counter.md). An order placed by a
 * client that knows nothing of methods is paid online.
 */
export const PAYMENT_METHODS = ['online', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = v.picklist(
  PAYMENT_METHODS,
  `paymentMethod must be one of: ${PAYMENT_METHODS.join(', ')}`,
);

export interface OrderTransition {
  from: OrderState;
  to: OrderState;
  by: OrderActor;
  /** The move exists only for orders of this type (the end of a delivery is not a pickup's). */
  only?: OrderType;
  /** The move exists only for orders paid this way (no refund is owed for cash never taken). */
  method?: PaymentMethod;
}

/**
 * Every transition there is. A payment the gateway vouches for after the order was released (it failed,
 * lapsed or was cancelled while the customer was still on the gateway's page) takes its stock again
 * (→ paid) or, when the stock is gone, is owed back (→ refund_due).
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'awaiting_payment', to: 'paid', by: 'gateway' },
  { from: 'awaiting_payment', to: 'payment_failed', by: 'gateway' },
  { from: 'awaiting_payment', to: 'expired', by: 'job' },
  { from: 'awaiting_payment', to: 'cancelled', by: 'customer' },
  { from: 'awaiting_payment', to: 'cancelled', by: 'staff' },
  // The spec's Delete of an unpaid order: one whose payment failed or lapsed leaves My order too.
  { from: 'payment_failed', to: 'cancelled', by: 'customer' },
  { from: 'expired', to: 'cancelled', by: 'customer' },
  { from: 'payment_failed', to: 'paid', by: 'gateway' },
  { from: 'payment_failed', to: 'refund_due', by: 'gateway' },
  { from: 'expired', to: 'paid', by: 'gateway' },
  { from: 'expired', to: 'refund_due', by: 'gateway' },
  { from: 'cancelled', to: 'paid', by: 'gateway', method: 'online' },
  { from: 'cancelled', to: 'refund_due', by: 'gateway', method: 'online' },
  { from: 'paid', to: 'accepted', by: 'staff' },
  // Cash: placed (its stock held) straight to the kitchen, no gateway; paid when staff mark the cash
  // taken, which is the move to delivered or collected. Ended before that, nothing is owed back.
  { from: 'placed', to: 'accepted', by: 'staff', method: 'cash' },
  { from: 'placed', to: 'cancelled', by: 'customer', method: 'cash' },
  { from: 'placed', to: 'cancelled', by: 'staff', method: 'cash' },
  // Not accepted within the owner's time (Admin → Delivery): released by the job, its stock back.
  { from: 'placed', to: 'cancelled', by: 'job', method: 'cash' },
  { from: 'accepted', to: 'cancelled', by: 'staff', method: 'cash' },
  { from: 'preparing', to: 'cancelled', by: 'staff', method: 'cash' },
  { from: 'out_for_delivery', to: 'cash_refused', by: 'staff', only: 'delivery', method: 'cash' },
  { from: 'ready_for_pickup', to: 'cash_refused', by: 'staff', only: 'pickup', method: 'cash' },
  { from: 'accepted', to: 'preparing', by: 'staff' },
  { from: 'preparing', to: 'out_for_delivery', by: 'staff', only: 'delivery' },
  { from: 'out_for_delivery', to: 'delivered', by: 'staff', only: 'delivery' },
  { from: 'preparing', to: 'ready_for_pickup', by: 'staff', only: 'pickup' },
  { from: 'ready_for_pickup', to: 'collected', by: 'staff', only: 'pickup' },
  // Staff cancel a paid order at any step before delivery: the money is then owed back.
  { from: 'paid', to: 'refund_due', by: 'staff' },
  { from: 'accepted', to: 'refund_due', by: 'staff', method: 'online' },
  { from: 'preparing', to: 'refund_due', by: 'staff', method: 'online' },
  { from: 'out_for_delivery', to: 'refund_due', by: 'staff', method: 'online' },
  { from: 'ready_for_pickup', to: 'refund_due', by: 'staff', method: 'online' },
  { from: 'refund_due', to: 'refunded', by: 'staff' },
];

/**
 * The row applies to an order of `type` paid by `method` (every type, or every method, when none is
 * named: is there such a move at all).
 */
const fits = (transition: OrderTransition, type: OrderType | undefined, method: PaymentMethod | undefined) =>
  (type === undefined || transition.only === undefined || transition.only === type) &&
  (method === undefined || transition.method === undefined || transition.method === method);

/** The transition from `from` to `to` that `by` may make on an order of `type` paid by `method`, if any. */
export function findTransition(
  from: OrderState,
  to: OrderState,
  by: OrderActor,
  type?: OrderType,
  method?: PaymentMethod,
): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find(
    (t) => t.from === from && t.to === to && t.by === by && fits(t, type, method),
  );
}

/** Where `by` may take an order of `type` paid by `method` in `from`. */
export function nextStates(
  from: OrderState,
  by: OrderActor,
  type?: OrderType,
  method?: PaymentMethod,
): OrderState[] {
  return ORDER_TRANSITIONS.filter((t) => t.from === from && t.by === by && fits(t, type, method)).map(
    (t) => t.to,
  );
}

/** The spec's `payment_status` of an order paid online: the money came (paid or later, refunds included). */
export const PAID_STATES: readonly OrderState[] = [
  'paid',
  'accepted',
  'preparing',
  'out_for_delivery',
  'delivered',
  'ready_for_pickup',
  'collected',
  'refund_due',
  'refunded',
];
/** The spec's `status` ('Order Confirm'): the kitchen accepted it (accepted or later). */
export const ACCEPTED_STATES: readonly OrderState[] = [
  'accepted',
  'preparing',
  'out_for_delivery',
  'delivered',
  'ready_for_pickup',
  'collected',
];
/** A cash order's `payment_status`: the cash was taken at the door or the counter. */
export const CASH_PAID_STATES: readonly OrderState[] = ['delivered', 'collected'];
/** The spec's `payment_status` of an order in `state` paid by `method` (none named: online). */
export const isPaid = (state: OrderState, method: PaymentMethod = 'online'): boolean =>
  (method === 'cash' ? CASH_PAID_STATES : PAID_STATES).includes(state);

/**
 * The way an order of each type is meant to go, from checkout to the door or the counter (the
 * customer's tracker shows it).
 */
export const ORDER_PATHS: Record<OrderType, readonly OrderState[]> = {
  delivery: ['awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered'],
  pickup: ['awaiting_payment', 'paid', 'accepted', 'preparing', 'ready_for_pickup', 'collected'],
};
/** A cash order's way: placed, then the kitchen's steps, paid at its end. */
export const CASH_ORDER_PATHS: Record<OrderType, readonly OrderState[]> = {
  delivery: ['placed', 'accepted', 'preparing', 'out_for_delivery', 'delivered'],
  pickup: ['placed', 'accepted', 'preparing', 'ready_for_pickup', 'collected'],
};
/** The way of an order of `type` paid by `method`. */
export const orderPath = (type: OrderType, method: PaymentMethod = 'online'): readonly OrderState[] =>
  (method === 'cash' ? CASH_ORDER_PATHS : ORDER_PATHS)[type];
/** A delivery's way: the spec's order, and every order placed before pickups were. */
export const ORDER_PATH: readonly OrderState[] = ORDER_PATHS.delivery;
/** The order holds its items' stock (reserved at checkout, kept once paid): exactly while on its way. */
export const STOCK_HOLDING_STATES: readonly OrderState[] = [
  ...new Set([...Object.values(ORDER_PATHS), ...Object.values(CASH_ORDER_PATHS)].flat()),
];
/**
 * Stock held on nobody's word yet: an online order not paid, a cash order the kitchen has not accepted.
 * Lapse pressure weighs lapses against these and the menu (docs/decisions/042-holds-by-behaviour.md).
 */
export const UNVOUCHED_HOLD_STATES: readonly OrderState[] = ['awaiting_payment', 'placed'];
/** Nothing more will happen to it. */
export const FINAL_STATES: readonly OrderState[] = ['delivered', 'collected', 'refunded', 'cash_refused'];
/** A cash order still on its way: the cash is still to be collected. */
export const CASH_OPEN_STATES: readonly OrderState[] = [
  ...new Set(Object.values(CASH_ORDER_PATHS).flat()),
].filter((state) => !FINAL_STATES.includes(state));

/** The kitchen's way forward, per type: the one next step of the board's button. */
export const KITCHEN_STEPS = {
  delivery: ['paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered'],
  pickup: ['paid', 'accepted', 'preparing', 'ready_for_pickup', 'collected'],
} as const satisfies Record<OrderType, readonly OrderState[]>;
/** A cash order's: from placed; its last step is the cash taken. */
export const CASH_KITCHEN_STEPS = {
  delivery: ['placed', 'accepted', 'preparing', 'out_for_delivery', 'delivered'],
  pickup: ['placed', 'accepted', 'preparing', 'ready_for_pickup', 'collected'],
} as const satisfies Record<OrderType, readonly OrderState[]>;
export type KitchenStep =
  | (typeof KITCHEN_STEPS)[OrderType][number]
  | (typeof CASH_KITCHEN_STEPS)[OrderType][number];
export function nextKitchenStep(
  state: OrderState,
  type: OrderType,
  method: PaymentMethod = 'online',
): KitchenStep | undefined {
  const steps: readonly KitchenStep[] = (method === 'cash' ? CASH_KITCHEN_STEPS : KITCHEN_STEPS)[type];
  const at = steps.indexOf(state as KitchenStep);
  return at >= 0 && at < steps.length - 1 ? steps[at + 1] : undefined;
}

/** The kitchen board's columns: every step but each type's last, which takes an order off the board. */
export const KITCHEN_COLUMNS = [
  'paid',
  'placed',
  'accepted',
  'preparing',
  'out_for_delivery',
  'ready_for_pickup',
] as const satisfies readonly KitchenStep[];
export type KitchenColumn = (typeof KITCHEN_COLUMNS)[number];

/** The board's button that takes an order on to each step, its words as staff read them. */
export const KITCHEN_STEP_ACTIONS: Record<Exclude<KitchenStep, 'paid' | 'placed'>, string> = {
  accepted: 'Accept',
  preparing: 'Start preparing',
  out_for_delivery: 'Send out for delivery',
  delivered: 'Mark delivered',
  ready_for_pickup: 'Ready for pickup',
  collected: 'Mark collected',
};
/** The last step of a cash order is the cash taken: delivered or collected and paid in one move. */
export const CASH_TAKEN_ACTION = 'Mark cash taken';
/** The board's other way off a cash order at the door or the counter (a reason is required). */
export const CASH_REFUSED_ACTION = 'Cash refused';
/** The words of the board's button taking an order paid by `method` on to `step`. */
export const kitchenStepAction = (
  step: Exclude<KitchenStep, 'paid' | 'placed'>,
  method: PaymentMethod = 'online',
): string =>
  method === 'cash' && (step === 'delivered' || step === 'collected')
    ? CASH_TAKEN_ACTION
    : KITCHEN_STEP_ACTIONS[step];

/** What customers and staff read for each state (the tracker, the board, the timeline). */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  accepted: 'Accepted',
  preparing: 'Preparing',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  ready_for_pickup: 'Ready for pickup',
  collected: 'Collected',
  payment_failed: 'Payment failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refund_due: 'Refund due',
  refunded: 'Refunded',
  placed: 'Placed',
  cash_refused: 'Cash refused',
};

/** One change of an order's state, as `order_events` keeps it and the streams send it. */
export const OrderEventSchema = v.object({
  /** The event's place in the whole stream (the SSE id): increasing, never reused. */
  id: v.number(),
  orderId: v.string(),
  transactionId: v.string(),
  /** 1, 2, 3… within its order. */
  sequence: v.number(),
  /** null for the order's creation. */
  from: v.nullable(OrderStateSchema),
  to: OrderStateSchema,
  by: v.object({
    actor: v.picklist([...ORDER_ACTORS, 'checkout']),
    /** The customer's or admin's uid; none for the gateway and the job. */
    uid: v.nullable(v.string()),
  }),
  at: v.string(),
  note: v.nullable(v.string()),
});
export type OrderEvent = v.InferOutput<typeof OrderEventSchema>;
export const OrderEventListSchema = v.array(OrderEventSchema);

/** One e-mail of the outbox, as staff see an order's messages (GET /admin-order/:id/mail). */
export const MailMessageSchema = v.object({
  id: v.number(),
  kind: v.string(),
  to: v.string(),
  subject: v.string(),
  state: v.picklist(['pending', 'sent', 'failed']),
  attempts: v.number(),
  createdAt: v.string(),
  sentAt: v.nullable(v.string()),
  lastError: v.nullable(v.string()),
});
export type MailMessage = v.InferOutput<typeof MailMessageSchema>;
export const MailMessageListSchema = v.array(MailMessageSchema);

export const CASH_REFUSED_NEEDS_REASON = 'Please say why the cash was refused';

/**
 * POST /admin-order/:id/transition body: staff move an order (a reason is kept with a cancellation, and
 * required when the cash is refused: 400 without one, once the table allows the move).
 */
export const StaffTransitionSchema = v.object({
  to: OrderStateSchema,
  note: v.optional(v.pipe(v.string('note must be text'), v.trim(), v.maxLength(300, 'The note is too long'))),
});
export type StaffTransition = v.InferOutput<typeof StaffTransitionSchema>;
