import * as v from 'valibot';
import {
  DeleteUserQuerySchema,
  ItemStockAnswerSchema,
  ItemStockSchema,
  ItemsQuerySchema,
  ItemUpdateSchema,
  NewItemSchema,
  ReservationListSchema,
  ReservationsQuerySchema,
  UsersQuerySchema,
} from './admin.ts';
import {
  AvailabilitySchema,
  availabilityQuerySchema,
  BookedSchema,
  BookingViewSchema,
  DayQuerySchema,
  DayTableListSchema,
  LinkKeySchema,
  linkTimesQuerySchema,
  RoomSettingsSchema,
  TableInputSchema,
  TableListSchema,
  TableSchema,
  timeChangeSchema,
  WalkInSchema,
  WalkInSeatedSchema,
} from './booking.ts';
import { BookingEventListSchema, BookingStateSchema, BookingTransitionSchema } from './booking-lifecycle.ts';
import {
  AddedSchema,
  AddToCartSchema,
  CartLineListSchema,
  CartLineSchema,
  CartQuantitySchema,
  DeletedSchema,
} from './cart.ts';
import { AreasInputSchema, DeliveryAreaListSchema } from './delivery.ts';
import { InsertedSchema } from './http.ts';
import { KitchenSettingsSchema, OrderSlotsQuerySchema, OrderSlotsSchema } from './kitchen.ts';
import { KITCHEN_BOARD_LIMIT, KitchenBoardQuerySchema } from './kitchen-lanes.ts';
import { AllItemsQuerySchema, MenuItemListSchema, MenuItemSchema } from './menu.ts';
import {
  AdminOrdersQuerySchema,
  CreatePaymentSchema,
  OrderListSchema,
  OrderSchema,
  PaymentStatusSchema,
  PaymentUrlSchema,
} from './order.ts';
import {
  MailMessageListSchema,
  OrderEventListSchema,
  OrderEventSchema,
  StaffTransitionSchema,
} from './order-lifecycle.ts';
import { OwnersDaySchema } from './owners-day.ts';
import { PageQuerySchema } from './paging.ts';
import { PaymentOptionsSchema, PaymentSettingsSchema } from './payment-settings.ts';
import { PhoneOrderSchema, PhoneOrderTakenSchema } from './phone-order.ts';
import {
  CartPromoSchema,
  PromoCodeInputSchema,
  PromotionInputSchema,
  PromotionListSchema,
  PromotionSchema,
  PromotionsQuerySchema,
} from './promotions.ts';
import { OrderAgainSchema, PayNowAnswerSchema, PayNowSchema } from './reorder.ts';
import { MAX_ONLINE_PARTY, reservationSchema } from './reservation.ts';
import { type RouteSpec, route } from './route-entry.ts';
import { ShopNowSchema, ShopStatusSchema } from './shop.ts';
import { ShopHoursSchema } from './shop-hours.ts';
import {
  ApiTokenRequestSchema,
  ApiTokenSchema,
  NewUserSchema,
  ProfileAddressSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RegisteredSchema,
  RoleSchema,
  UidSchema,
  UpdateResultSchema,
  UserSchema,
} from './user.ts';

// Every call of the API, declared once (docs/decisions/030-one-route-table.md): the server registers
// each handler by its entry (server/api/routes/), the SPA calls it by its entry (src/api/call.ts), and
// the OpenAPI document at GET /openapi.json is made from this table. The answers the spec gives keep
// their shapes exactly.

/** GET /health answer. */
export const HealthSchema = v.object({ status: v.literal('ok') });

/** The OpenAPI document GET /openapi.json answers (made from this table on the server). */
export const OpenApiDocumentSchema = v.looseObject({
  openapi: v.literal('3.1.0'),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.record(v.string(), v.unknown())),
});
export type OpenApiDocument = v.InferOutput<typeof OpenApiDocumentSchema>;

/** The reference page's own files: Swagger UI's (from the swagger-ui-dist package) and its start script. */
export const DOCS_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js'] as const;

/**
 * A transaction id as a gateway sends it back: ours are 26 characters ('PZ' and 24 hex digits). It is
 * echoed into a Location header, so one longer than any of ours is refused (400) before anything reads
 * it, instead of making a header no proxy passes.
 */
export const TRANSACTION_ID_MAX = 64;
export const TRANSACTION_ID_TOO_LONG = `tran_id can be at most ${TRANSACTION_ID_MAX} characters`;
const transactionIdSchema = v.pipe(v.string(), v.maxLength(TRANSACTION_ID_MAX, TRANSACTION_ID_TOO_LONG));
const tranIdParam = v.object({ tranId: transactionIdSchema });

/**
 * A payment gateway's fields, posted as a form (or JSON) or sent in the query: the gateway's own names.
 * The route reads them itself (server/api/routes/payments.ts readFields), tran_id's length included.
 */
const GatewayFieldsSchema = v.record(v.string(), v.string());

/** POST /payment/ipn answer: what the notification did to its order. */
export const NotificationAnswerSchema = v.object({
  message: v.literal('Notification received'),
  result: v.picklist(['paid', 'refund_due', 'payment_failed', 'unchanged']),
});

/**
 * DELETE /admin-order-delete/{id} answer: the spec's deletedCount (the order is gone from the open ones:
 * cancelled, never deleted) and whether its money is owed back.
 */
export const RemovedOrderSchema = v.object({ deletedCount: v.number(), refund_due: v.boolean() });

const UserListSchema = v.array(UserSchema);

/**
 * The earliest "today" anywhere on Earth (UTC-12): the API takes a booking for it, so a guest whose
 * calendar is ahead of the server's is never told their date is in the past.
 */
const earliestToday = (): string => new Date(Date.now() - 12 * 3_600_000).toISOString().slice(0, 10);
const idParam = v.object({ id: v.string() });

/** The gateway sends the browser back here, by GET or POST as it likes: both are served alike. */
const paymentReturn = <const Kind extends 'success' | 'fail' | 'cancel', const M extends 'GET' | 'POST'>(
  kind: Kind,
  method: M,
) =>
  route({
    method,
    path: `/payment/${kind}`,
    tag: 'Payments',
    summary: `The gateway's ${kind} return: to the storefront's page`,
    description:
      'Applies the verdict the gateway posts with the browser (when it posts one and the API has room), then redirects to the storefront the checkout came from.',
    access: 'gateway',
    query: v.object({ tran_id: v.optional(transactionIdSchema), site: v.optional(v.string()) }),
    body: GatewayFieldsSchema,
    bodyKind: 'form',
    kind: 'redirect',
    status: 303,
    writesMenu: true,
  });

export const ROUTES = {
  // The service itself
  health: route({
    method: 'GET',
    path: '/health',
    tag: 'Service',
    summary: 'Whether the API and its database answer',
    access: 'public',
    answer: HealthSchema,
  }),
  metrics: route({
    method: 'GET',
    path: '/metrics',
    tag: 'Service',
    summary: 'Prometheus metrics',
    description: 'For a direct caller on the API’s own host, or with Authorization: Bearer <METRICS_TOKEN>.',
    access: 'scraper',
    kind: 'text',
  }),
  openApi: route({
    method: 'GET',
    path: '/openapi.json',
    tag: 'Service',
    summary: 'This document: the API as OpenAPI 3.1',
    access: 'public',
    answer: OpenApiDocumentSchema,
  }),
  docs: route({
    method: 'GET',
    path: '/docs',
    tag: 'Service',
    summary: 'A readable reference of this document (Swagger UI)',
    access: 'public',
    kind: 'html',
  }),
  docsFile: route({
    method: 'GET',
    path: '/docs/:file',
    tag: 'Service',
    summary: 'A file of the reference page',
    access: 'public',
    params: v.object({ file: v.picklist(DOCS_FILES) }),
    kind: 'file',
  }),

  // The menu and the shop (spec section 7)
  allItems: route({
    method: 'GET',
    path: '/all-items',
    tag: 'Menu',
    summary: 'The menu, or one category of it',
    description: 'limit 0 is the whole category. Answers carry an ETag; If-None-Match answers 304.',
    access: 'public',
    query: AllItemsQuerySchema,
    answer: MenuItemListSchema,
  }),
  itemDetail: route({
    method: 'GET',
    path: '/item-detail/:id',
    tag: 'Menu',
    summary: 'One menu item',
    access: 'public',
    answer: MenuItemSchema,
  }),
  shopStatus: route({
    method: 'GET',
    path: '/shop-status',
    tag: 'Menu',
    summary: 'Whether the shop takes orders now, when it opens, and its week',
    description:
      '`closed` is the owner’s switch; `openNow` whether orders are taken for as soon as possible (within the hours, the switch off); `opensAt` when it opens next otherwise.',
    access: 'public',
    answer: ShopNowSchema,
  }),
  setShopStatus: route({
    method: 'PUT',
    path: '/shop-status',
    tag: 'Menu',
    summary: 'Open or close the shop for orders',
    access: 'admin',
    body: ShopStatusSchema,
    answer: ShopStatusSchema,
  }),
  deliveryAreas: route({
    method: 'GET',
    path: '/delivery-areas',
    tag: 'Menu',
    summary: 'Where the shop delivers: its areas, each with its postcodes, fee, minimum order and time',
    description: 'An area listing no postcode takes every postcode no other area lists.',
    access: 'public',
    answer: DeliveryAreaListSchema,
  }),

  // Table bookings
  book: route({
    method: 'POST',
    path: '/reservations',
    tag: 'Bookings',
    summary: 'Book a table',
    description:
      'Limited per address and per e-mail. The party gets tables free for its whole stay; when none is, 409 with the nearest free times ({ message, times }).',
    access: 'public',
    body: reservationSchema(earliestToday, MAX_ONLINE_PARTY),
    answer: BookedSchema,
    status: 201,
  }),
  availability: route({
    method: 'GET',
    path: '/availability',
    tag: 'Bookings',
    summary: 'The free times of a day for a party',
    description:
      'On the room’s grid, within the opening hours, where a table or joined tables take the party.',
    access: 'public',
    query: availabilityQuerySchema(earliestToday),
    answer: AvailabilitySchema,
  }),
  guestBooking: route({
    method: 'GET',
    path: '/bookings/:reference',
    tag: 'Bookings',
    summary: 'A booking, through its signed link',
    description: 'The link’s key proves it (404 otherwise); it works until the booking’s stay is over (409).',
    access: 'public',
    query: LinkKeySchema,
    answer: BookingViewSchema,
  }),
  guestTimes: route({
    method: 'GET',
    path: '/bookings/:reference/times',
    tag: 'Bookings',
    summary: 'The free times a booking may move to',
    access: 'public',
    query: linkTimesQuerySchema(earliestToday),
    answer: AvailabilitySchema,
  }),
  guestCancel: route({
    method: 'POST',
    path: '/bookings/:reference/cancel',
    tag: 'Bookings',
    summary: 'Cancel a booking, through its signed link',
    description: 'Up to the owner’s cut-off before its time (409 after it, and once cancelled).',
    access: 'public',
    query: LinkKeySchema,
    answer: BookingViewSchema,
  }),
  guestChangeTime: route({
    method: 'POST',
    path: '/bookings/:reference/time',
    tag: 'Bookings',
    summary: 'Move a booking to another time, through its signed link',
    description: 'Up to the cut-off; 409 with the nearest free times when no table is free then.',
    access: 'public',
    query: LinkKeySchema,
    body: timeChangeSchema(earliestToday),
    answer: BookingViewSchema,
  }),

  // Sign-in and sign-up: the identity provider's ID token
  apiToken: route({
    method: 'POST',
    path: '/jwt',
    tag: 'Session',
    summary: 'Our API token for a signed-in account',
    access: 'idToken',
    body: ApiTokenRequestSchema,
    answer: ApiTokenSchema,
  }),
  role: route({
    method: 'GET',
    path: '/role/:uid',
    tag: 'Session',
    summary: 'An account’s role (its own, or any for staff)',
    access: 'idToken',
    params: v.object({ uid: UidSchema }),
    answer: RoleSchema,
  }),
  register: route({
    method: 'POST',
    path: '/users',
    tag: 'Session',
    summary: 'Register the signed-in account (200 with insertedId null when it already is)',
    access: 'idToken',
    body: NewUserSchema,
    answer: RegisteredSchema,
    status: 201,
  }),

  // The signed-in account's own
  profile: route({
    method: 'GET',
    path: '/profile',
    tag: 'Profile',
    summary: 'The caller’s record, and whether the provider verified its e-mail',
    access: 'signedIn',
    answer: ProfileSchema,
  }),
  saveAddress: route({
    method: 'PUT',
    path: '/profile/address',
    tag: 'Profile',
    summary: 'Keep an address on the caller’s profile',
    access: 'signedIn',
    body: ProfileAddressSchema,
    answer: UpdateResultSchema,
  }),
  updateProfile: route({
    method: 'PATCH',
    path: '/update-profile/:id',
    tag: 'Profile',
    summary: 'Change the caller’s own profile',
    access: 'signedIn',
    params: idParam,
    body: ProfileUpdateSchema,
    answer: UpdateResultSchema,
  }),
  cart: route({
    method: 'GET',
    path: '/add-to-cart',
    tag: 'Cart',
    summary: 'The caller’s cart',
    access: 'signedIn',
    answer: CartLineListSchema,
    admission: 'checkout',
  }),
  addToCart: route({
    method: 'POST',
    path: '/add-to-cart',
    tag: 'Cart',
    summary: 'Add an item, with its chosen options, to the caller’s cart',
    description:
      'Priced from the menu: the item’s price and its choices’ deltas. Without `choices` the item’s defaults are taken; a choice not offered, sold out, or a group short or over its count is 400 naming the group. The same choices and instructions raise their line (200); others make a line (201). An `addKey` sent again answers insertedId null (already added).',
    access: 'signedIn',
    body: AddToCartSchema,
    answer: AddedSchema,
    status: 201,
    admission: 'shopping',
  }),
  setCartLine: route({
    method: 'PATCH',
    path: '/cart-line/:id',
    tag: 'Cart',
    summary: 'Change a cart line’s quantity',
    access: 'signedIn',
    params: idParam,
    body: CartQuantitySchema,
    answer: CartLineSchema,
  }),
  removeCartLine: route({
    method: 'DELETE',
    path: '/remove-cart-item/:id',
    tag: 'Cart',
    summary: 'Remove a line from the caller’s cart',
    access: 'signedIn',
    params: idParam,
    answer: DeletedSchema,
  }),
  cartPromo: route({
    method: 'GET',
    path: '/cart-promo',
    tag: 'Cart',
    summary: 'The promo code on the caller’s cart, and what it takes off now',
    description:
      'Priced by the server on the cart’s lines the stock can fill: the discount, or why the code takes nothing off (Spend 5.00 tk more, Expired, Already used…). No code: { code: null }.',
    access: 'signedIn',
    answer: CartPromoSchema,
  }),
  applyCartPromo: route({
    method: 'PUT',
    path: '/cart-promo',
    tag: 'Cart',
    summary: 'Put a promo code on the caller’s cart',
    description:
      'A code that does not exist is 400; one that exists is kept on the cart even when it does not apply yet, with the reason. Checkout takes its use.',
    access: 'signedIn',
    body: PromoCodeInputSchema,
    answer: CartPromoSchema,
  }),
  removeCartPromo: route({
    method: 'DELETE',
    path: '/cart-promo',
    tag: 'Cart',
    summary: 'Take the promo code off the caller’s cart',
    access: 'signedIn',
    answer: DeletedSchema,
  }),
  checkout: route({
    method: 'POST',
    path: '/create-payment-intent',
    tag: 'Orders',
    summary: 'Place the cart as an order; answers the payment page’s address',
    description:
      "Reserves the stock for the hold time. Limited per address and per account. A delivery (the spec’s body; `orderType` left out) or a pickup (a name and a phone); `slot` one GET /order-slots offered, or left out for as soon as possible (outside the hours: the first slot after the opening). A postcode no delivery area takes, or food short of its area’s minimum: 400. A slot that filled up meanwhile: 409 with the next free one ({ message, slot }). `paymentMethod: 'cash'` (when the owner offers it; else 400) places the order at once, holding its stock, and answers its confirmation page instead of the gateway’s.",
    access: 'signedIn',
    body: CreatePaymentSchema,
    answer: PaymentUrlSchema,
    writesMenu: true,
    admission: 'checkout',
  }),
  paymentOptions: route({
    method: 'GET',
    path: '/payment-options',
    tag: 'Orders',
    summary: 'How the caller may pay at checkout: online, and cash when the owner offers it',
    description:
      '`cashRefusal` says why cash is not for this customer (the owner keeps it for customers with a delivered order); `cashMax`: cash only for totals under it.',
    access: 'signedIn',
    answer: PaymentOptionsSchema,
    admission: 'shopping',
  }),
  orderSlots: route({
    method: 'GET',
    path: '/order-slots',
    tag: 'Orders',
    summary:
      'When the caller’s cart can be had: as soon as possible, and the later 15-minute slots with room',
    description:
      'For an order of `orderType` (to `postcode`, for a delivery), of the caller’s cart, or of `lines` when given (`itemId:quantity`, comma-separated: the phone order’s). `asap` is null while the shop is closed now; then `opensAt` says when it opens.',
    access: 'signedIn',
    query: OrderSlotsQuerySchema,
    answer: OrderSlotsSchema,
    admission: 'shopping',
  }),
  myOrders: route({
    method: 'GET',
    path: '/my-orders',
    tag: 'Orders',
    summary: 'The caller’s orders, newest first',
    access: 'signedIn',
    query: PageQuerySchema,
    answer: OrderListSchema,
    paged: true,
    admission: 'shopping',
  }),
  myOrderEvents: route({
    method: 'GET',
    path: '/my-orders/:id/events',
    tag: 'Orders',
    summary: 'One of the caller’s orders’ timeline',
    access: 'signedIn',
    params: idParam,
    answer: OrderEventListSchema,
  }),
  deleteOrder: route({
    method: 'DELETE',
    path: '/order-delete/:id',
    tag: 'Orders',
    summary: 'Cancel one of the caller’s unpaid orders',
    access: 'signedIn',
    params: idParam,
    answer: DeletedSchema,
    writesMenu: true,
  }),
  orderAgain: route({
    method: 'POST',
    path: '/my-orders/:id/again',
    tag: 'Orders',
    summary: 'Put one of the caller’s orders’ lines, with their choices, into the cart at today’s prices',
    description:
      'Lines whose item left the menu, is sold out or whose choices are no longer offered are skipped, and named with why; a line is cut to the stock left.',
    access: 'signedIn',
    params: idParam,
    answer: OrderAgainSchema,
    admission: 'shopping',
  }),
  payNow: route({
    method: 'POST',
    path: '/my-orders/:id/pay',
    tag: 'Orders',
    summary: 'Pay one of the caller’s unpaid orders',
    description:
      'While its hold lasts: the same order’s payment page. After (payment failed, expired, or the hold lapsed): a fresh checkout of the same lines at today’s prices (fresh: true), which the stock and the caps must allow (409 naming what is short).',
    access: 'signedIn',
    params: idParam,
    body: PayNowSchema,
    answer: PayNowAnswerSchema,
    writesMenu: true,
    admission: 'checkout',
  }),
  paymentStatus: route({
    method: 'GET',
    path: '/payment-status/:tranId',
    params: tranIdParam,
    tag: 'Orders',
    summary: 'Whether one of the caller’s payments went through',
    access: 'signedIn',
    answer: PaymentStatusSchema,
    admission: 'paying',
  }),
  myOrdersStream: route({
    method: 'GET',
    path: '/my-orders-stream',
    tag: 'Orders',
    summary: 'The caller’s orders’ changes, live (Server-Sent Events; Last-Event-ID resumes)',
    access: 'signedIn',
    kind: 'events',
    answer: OrderEventSchema,
  }),

  // The payment gateway's side
  paymentNotification: route({
    method: 'POST',
    path: '/payment/ipn',
    tag: 'Payments',
    summary: 'The gateway’s payment notification (the only thing that marks an order paid)',
    description: 'Checked with the gateway before it is applied; 400 when it is not vouched for.',
    access: 'gateway',
    body: GatewayFieldsSchema,
    bodyKind: 'form',
    answer: NotificationAnswerSchema,
    writesMenu: true,
    admission: 'paying',
  }),
  paymentSuccess: paymentReturn('success', 'GET'),
  paymentSuccessPost: paymentReturn('success', 'POST'),
  paymentFail: paymentReturn('fail', 'GET'),
  paymentFailPost: paymentReturn('fail', 'POST'),
  paymentCancel: paymentReturn('cancel', 'GET'),
  paymentCancelPost: paymentReturn('cancel', 'POST'),
  sandboxPage: route({
    method: 'GET',
    path: '/sandbox-pay/:tranId',
    params: tranIdParam,
    tag: 'Payments',
    summary: 'The sandbox gateway’s payment page (with the sandbox gateway only)',
    access: 'gateway',
    query: v.object({ sig: v.optional(v.string()), site: v.optional(v.string()) }),
    kind: 'html',
  }),
  sandboxButton: route({
    method: 'POST',
    path: '/sandbox-pay/:tranId/:button',
    params: v.object({ tranId: transactionIdSchema, button: v.string() }),
    tag: 'Payments',
    summary: 'A button of the sandbox’s payment page: pay, fail or cancel',
    access: 'gateway',
    body: GatewayFieldsSchema,
    bodyKind: 'form',
    kind: 'redirect',
    status: 303,
  }),

  // Staff
  users: route({
    method: 'GET',
    path: '/users',
    tag: 'Admin',
    summary: 'Accounts, newest first',
    access: 'admin',
    query: UsersQuerySchema,
    answer: UserListSchema,
    paged: true,
    admission: 'shopping',
  }),
  deleteUser: route({
    method: 'DELETE',
    path: '/delete-user',
    tag: 'Admin',
    summary: 'Delete a customer’s account',
    access: 'admin',
    query: DeleteUserQuerySchema,
    answer: DeletedSchema,
  }),
  addItem: route({
    method: 'POST',
    path: '/add-item',
    tag: 'Admin',
    summary: 'Add a menu item',
    access: 'admin',
    body: NewItemSchema,
    answer: InsertedSchema,
    status: 201,
    writesMenu: true,
  }),
  adminItems: route({
    method: 'GET',
    path: '/admin-all-items',
    tag: 'Admin',
    summary: 'Menu items, newest first',
    access: 'admin',
    query: ItemsQuerySchema,
    answer: MenuItemListSchema,
    paged: true,
    admission: 'shopping',
  }),
  deleteItem: route({
    method: 'DELETE',
    path: '/item-delete/:id',
    tag: 'Admin',
    summary: 'Delete a menu item',
    access: 'admin',
    params: idParam,
    answer: DeletedSchema,
    writesMenu: true,
  }),
  itemForUpdate: route({
    method: 'GET',
    path: '/admin-item-update/:id',
    tag: 'Admin',
    summary: 'A menu item, to edit',
    access: 'admin',
    params: idParam,
    answer: MenuItemSchema,
  }),
  updateItem: route({
    method: 'PATCH',
    path: '/admin-item-update/:id',
    tag: 'Admin',
    summary: 'Change a menu item',
    access: 'admin',
    params: idParam,
    body: ItemUpdateSchema,
    answer: UpdateResultSchema,
    writesMenu: true,
  }),
  setItemStock: route({
    method: 'PUT',
    path: '/admin-item-stock/:id',
    tag: 'Admin',
    summary: 'Mark a menu item sold out, or back in stock',
    description:
      'Sold out keeps the stock it replaces; Back in stock puts back the quantity sent, or the one kept (400 when neither). 409 when the item is already so.',
    access: 'admin',
    params: idParam,
    body: ItemStockSchema,
    answer: ItemStockAnswerSchema,
    writesMenu: true,
  }),
  adminOrders: route({
    method: 'GET',
    path: '/admin-order',
    tag: 'Admin',
    summary: 'Orders, newest first',
    access: 'admin',
    query: AdminOrdersQuerySchema,
    answer: OrderListSchema,
    paged: true,
    admission: 'shopping',
  }),
  kitchenBoard: route({
    method: 'GET',
    path: '/admin-kitchen-board',
    tag: 'Admin',
    summary: 'The kitchen board in one read: every order on it, or the orders named by `ids`',
    description: `Every order in a state the board shows (at most ${KITCHEN_BOARD_LIMIT}, soonest due first), with its lines; with \`ids\`, those orders alone, whatever their state. The board keeps itself up to date from the staff stream after this read.`,
    access: 'admin',
    query: KitchenBoardQuerySchema,
    answer: OrderListSchema,
  }),
  confirmOrder: route({
    method: 'PATCH',
    path: '/admin-order-delete/:id',
    tag: 'Admin',
    summary: 'Confirm a paid order',
    access: 'admin',
    params: idParam,
    answer: UpdateResultSchema,
  }),
  removeOrder: route({
    method: 'DELETE',
    path: '/admin-order-delete/:id',
    tag: 'Admin',
    summary: 'Remove an order: cancelled, its stock given back, a paid one’s money owed back',
    access: 'admin',
    params: idParam,
    answer: RemovedOrderSchema,
    writesMenu: true,
  }),
  transitionOrder: route({
    method: 'POST',
    path: '/admin-order/:id/transition',
    tag: 'Admin',
    summary: 'Move an order on in its lifecycle (409 when it no longer may)',
    access: 'admin',
    params: idParam,
    body: StaffTransitionSchema,
    answer: OrderSchema,
    writesMenu: true,
  }),
  takePhoneOrder: route({
    method: 'POST',
    path: '/admin-phone-order',
    tag: 'Admin',
    summary: 'Take an order by phone: the lines staff picked, for a caller who may have no account',
    description:
      'Priced by the server from the menu (prices, fees and totals sent are ignored); stock and the slot held as any checkout holds them (409 when short or full). Paid through a payment link: the gateway’s page for the order, answered with an SMS-ready text and mailed through the outbox when `email` is given. The order has no owner and keeps who took it (`taken_by`).',
    access: 'admin',
    body: PhoneOrderSchema,
    answer: PhoneOrderTakenSchema,
    status: 201,
    writesMenu: true,
    admission: 'checkout',
  }),
  orderEvents: route({
    method: 'GET',
    path: '/admin-order/:id/events',
    tag: 'Admin',
    summary: 'An order’s timeline',
    access: 'admin',
    params: idParam,
    answer: OrderEventListSchema,
  }),
  orderMail: route({
    method: 'GET',
    path: '/admin-order/:id/mail',
    tag: 'Admin',
    summary: 'The e-mails an order caused, with their delivery',
    access: 'admin',
    params: idParam,
    answer: MailMessageListSchema,
  }),
  staffStream: route({
    method: 'GET',
    path: '/admin-order-stream',
    tag: 'Admin',
    summary: 'Every order’s changes, live (Server-Sent Events; Last-Event-ID resumes)',
    access: 'admin',
    kind: 'events',
    answer: OrderEventSchema,
  }),
  ownersDay: route({
    method: 'GET',
    path: '/admin-today',
    tag: 'Admin',
    summary: 'The owner’s day: today’s orders by state, revenue, the kitchen’s queue, top items, bookings',
    description: 'Today is the shop’s calendar day (SHOP_TIME_ZONE); each figure is one indexed query.',
    access: 'admin',
    answer: OwnersDaySchema,
    admission: 'shopping',
  }),
  promotions: route({
    method: 'GET',
    path: '/admin-promotions',
    tag: 'Admin',
    summary: 'Promo codes, newest first, with their uses paid and held',
    access: 'admin',
    query: PromotionsQuerySchema,
    answer: PromotionListSchema,
    paged: true,
  }),
  addPromotion: route({
    method: 'POST',
    path: '/admin-promotions',
    tag: 'Admin',
    summary: 'Add a promo code',
    description: '409 when the code exists.',
    access: 'admin',
    body: PromotionInputSchema,
    answer: PromotionSchema,
    status: 201,
  }),
  updatePromotion: route({
    method: 'PATCH',
    path: '/admin-promotions/:id',
    tag: 'Admin',
    summary: 'Change a promo code’s terms, or switch it off',
    description: 'Orders placed keep the discount they were priced with.',
    access: 'admin',
    params: idParam,
    body: PromotionInputSchema,
    answer: PromotionSchema,
  }),
  adminReservations: route({
    method: 'GET',
    path: '/admin-reservations',
    tag: 'Admin',
    summary: 'Table bookings, newest first',
    access: 'admin',
    query: ReservationsQuerySchema,
    answer: ReservationListSchema,
    paged: true,
    admission: 'shopping',
  }),
  adminDay: route({
    method: 'GET',
    path: '/admin-day',
    tag: 'Admin',
    summary: 'The owner’s day: the tables, each with its bookings that day',
    access: 'admin',
    query: DayQuerySchema,
    answer: DayTableListSchema,
    paged: true,
    admission: 'shopping',
  }),
  moveBooking: route({
    method: 'POST',
    path: '/admin-reservation/:id/transition',
    tag: 'Admin',
    summary: 'Move a booking: accept, decline, seat, finish, no-show, cancel',
    description: 'Refused with 409 unless the booking lifecycle has the move for staff.',
    access: 'admin',
    params: idParam,
    body: BookingTransitionSchema,
    answer: v.object({ state: BookingStateSchema }),
  }),
  bookingEvents: route({
    method: 'GET',
    path: '/admin-reservation/:id/events',
    tag: 'Admin',
    summary: 'A booking’s history: each change, when and by whom',
    access: 'admin',
    params: idParam,
    answer: BookingEventListSchema,
  }),
  walkIn: route({
    method: 'POST',
    path: '/admin-walk-ins',
    tag: 'Admin',
    summary: 'Seat a party that came without a booking, now',
    description: '409 with the day’s next free times when no table takes it now.',
    access: 'admin',
    body: WalkInSchema,
    answer: WalkInSeatedSchema,
    status: 201,
  }),
  adminTables: route({
    method: 'GET',
    path: '/admin-tables',
    tag: 'Admin',
    summary: 'The room’s tables, in the order they were set up',
    access: 'admin',
    query: PageQuerySchema,
    answer: TableListSchema,
    paged: true,
  }),
  addTable: route({
    method: 'POST',
    path: '/admin-tables',
    tag: 'Admin',
    summary: 'Add a table to the room',
    access: 'admin',
    body: TableInputSchema,
    answer: TableSchema,
    status: 201,
  }),
  updateTable: route({
    method: 'PATCH',
    path: '/admin-tables/:id',
    tag: 'Admin',
    summary: 'Change a table’s name, section, seats or joinability',
    access: 'admin',
    params: idParam,
    body: TableInputSchema,
    answer: TableSchema,
  }),
  removeTable: route({
    method: 'DELETE',
    path: '/admin-tables/:id',
    tag: 'Admin',
    summary: 'Take a table out of the room',
    description: '409 while a booking still to come holds it.',
    access: 'admin',
    params: idParam,
    answer: DeletedSchema,
  }),
  roomSettings: route({
    method: 'GET',
    path: '/admin-room-settings',
    tag: 'Admin',
    summary: 'The room’s rules: grid, stays, cut-off, reminder, confirmation by hand',
    access: 'admin',
    answer: RoomSettingsSchema,
  }),
  saveRoomSettings: route({
    method: 'PUT',
    path: '/admin-room-settings',
    tag: 'Admin',
    summary: 'Set the room’s rules (for the bookings made from then on)',
    access: 'admin',
    body: RoomSettingsSchema,
    answer: RoomSettingsSchema,
  }),
  saveDeliveryAreas: route({
    method: 'PUT',
    path: '/admin-delivery-areas',
    tag: 'Admin',
    summary: 'Set the delivery areas, in the order a postcode is looked up',
    description:
      'The whole list: an area with its `_id` is kept, one without is added, one left out is removed.',
    access: 'admin',
    body: AreasInputSchema,
    answer: DeliveryAreaListSchema,
  }),
  saveShopHours: route({
    method: 'PUT',
    path: '/admin-shop-hours',
    tag: 'Admin',
    summary: 'Set the week’s opening hours and the closed dates (ordering and bookings follow them)',
    access: 'admin',
    body: ShopHoursSchema,
    answer: ShopHoursSchema,
  }),
  paymentSettings: route({
    method: 'GET',
    path: '/admin-payment-settings',
    tag: 'Admin',
    summary: 'How customers may pay: online, cash (under an amount, for customers with a delivered order)',
    access: 'admin',
    answer: PaymentSettingsSchema,
  }),
  savePaymentSettings: route({
    method: 'PUT',
    path: '/admin-payment-settings',
    tag: 'Admin',
    summary: 'Set how customers may pay (for the checkouts from then on)',
    description: 'At least one of online and cash stays on (400 otherwise).',
    access: 'admin',
    body: PaymentSettingsSchema,
    answer: PaymentSettingsSchema,
  }),
  kitchenSettings: route({
    method: 'GET',
    path: '/admin-kitchen-settings',
    tag: 'Admin',
    summary: 'The kitchen’s rules: orders and pizzas per 15 minutes, preparation times, the busy switch',
    access: 'admin',
    answer: KitchenSettingsSchema,
  }),
  saveKitchenSettings: route({
    method: 'PUT',
    path: '/admin-kitchen-settings',
    tag: 'Admin',
    summary: 'Set the kitchen’s rules (for the orders placed from then on)',
    access: 'admin',
    body: KitchenSettingsSchema,
    answer: KitchenSettingsSchema,
  }),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
export type ApiRoute = (typeof ROUTES)[RouteName];

/** The table as a list, in its order. */
export const ROUTE_LIST: readonly ApiRoute[] = Object.values(ROUTES);
