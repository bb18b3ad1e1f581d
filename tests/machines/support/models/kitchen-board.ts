import { fromCallback } from 'xstate';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../../../contract/kitchen.ts';
import type { Order } from '../../../../contract/order.ts';
import type { OrderEvent } from '../../../../contract/order-lifecycle.ts';
import {
  type KitchenBoardContext,
  type KitchenMove,
  kitchenBoardMachine,
} from '../../../../machines/kitchen-board.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';
import { orderEvent } from './order-feed.ts';

/** The moment the walk's moves are made at (the device's clock). */
export const AT = Date.parse('2026-11-30T12:00:00.000Z');

/** The order a ticket moves: paid, to be made now. */
const waiting = { _id: 'a', transaction_id: 'T-a', state: 'paid' } as Order;
/** A scheduled order: the kitchen starts it at 18:25, hours after AT. */
const booked = {
  _id: 'b',
  transaction_id: 'T-b',
  state: 'paid',
  scheduled: true,
  start_at: '2026-11-30T18:25:00.000Z',
  ready_at: '2026-11-30T18:45:00.000Z',
} as Order;
/** The board as its read answers it. */
export const BOARD: Order[] = [waiting, booked];
export const ACCEPT: KitchenMove = { orderId: 'a', transactionId: 'T-a', from: 'paid', to: 'accepted' };
/** Accepting the order for tonight at noon: ahead of its plan, asked first. */
export const ACCEPT_EARLY: KitchenMove = { orderId: 'b', transactionId: 'T-b', from: 'paid', to: 'accepted' };

/** A newly paid order, as the feed hands it over. */
export const paid = (orderId: string): OrderEvent =>
  orderEvent(orderId === 'n1' ? 1 : 2, { orderId, transactionId: `T-${orderId}` });
/** Another step, of the ticket's order. */
export const accepted: OrderEvent = orderEvent(3, { orderId: 'a', from: 'paid', to: 'accepted' });
/** The newly paid order's ticket, as its read by id answers it. */
export const paidTicket = (orderId: string) =>
  ({ _id: orderId, transaction_id: `T-${orderId}`, state: 'paid' }) as Order;

/** The board with every effect silent: the walk sends their answers and the feed's reports itself. */
export const silentBoard = kitchenBoardMachine.provide({
  actors: {
    readBoard: neverAnswers<Order[]>(),
    readTickets: neverAnswers<Order[], string[]>(),
    moveOrder: neverAnswers<Order, KitchenMove>(),
    orderFeed: fromCallback(() => {}) as never,
    readKitchen: neverAnswers<KitchenSettings>(),
    saveBusy: neverAnswers<KitchenSettings, KitchenSettings>(),
    // The walk says when the printer is done.
    printTicket: fromCallback(() => {}) as never,
  },
});

const withBusy = (busy: boolean): KitchenSettings => ({ ...DEFAULT_KITCHEN_SETTINGS, busy });

/** The ticket's order once accepted, as the server answers the move. */
const acceptedOrder = { ...waiting, state: 'accepted' } as Order;

export const kitchenBoardModel = defineModel(silentBoard, [
  {
    // The reads: once live, again after a cut; the tickets of new orders read by id. Each event's
    // effect on the tickets is the unit tests' (the walk keeps to few of them: every mix is a state).
    input: { soundOn: false },
    events: (snapshot) => {
      const { orders, heard, missing } = snapshot.context as KitchenBoardContext;
      const once = (event: OrderEvent, unheard: boolean) =>
        unheard && !heard.some((kept) => kept.id === event.id) ? [{ type: 'order.event', event }] : [];
      return [
        { type: 'order.stream', status: 'live' },
        { type: 'order.stream', status: 'reconnecting' },
        ...once(paid('n1'), !orders?.n1 && !missing.includes('n1')),
        ...once(accepted, orders?.a?.state !== 'accepted'),
        { type: 'kitchen.retry' },
        ...(snapshot.matches({ read: 'reading' })
          ? [
              { type: 'xstate.done.actor.readBoard', output: BOARD },
              { type: 'xstate.error.actor.readBoard', error: new Error('The kitchen is briefly offline') },
            ]
          : []),
        ...(snapshot.matches({ tickets: 'reading' })
          ? [
              { type: 'xstate.done.actor.readTickets', output: [paidTicket('n1')] },
              { type: 'xstate.error.actor.readTickets', error: new Error('The kitchen is briefly offline') },
            ]
          : []),
        ...(snapshot.matches({ tickets: 'failed' }) ? [{ type: 'kitchen.tickets.retry' }] : []),
      ] as never;
    },
  },
  {
    // The moves, one of them ahead of its order's plan, once the board is read.
    input: { soundOn: false },
    events: (snapshot) =>
      [
        ...(snapshot.matches({ read: 'connecting' }) ? [{ type: 'order.stream', status: 'live' }] : []),
        ...(snapshot.matches({ read: 'reading' })
          ? [{ type: 'xstate.done.actor.readBoard', output: BOARD }]
          : []),
        { type: 'kitchen.move', at: AT, ...ACCEPT },
        { type: 'kitchen.move', at: AT, ...ACCEPT_EARLY },
        { type: 'kitchen.confirm' },
        { type: 'kitchen.back' },
        ...(snapshot.matches({ move: 'moving' })
          ? [
              { type: 'xstate.done.actor.moveOrder', output: acceptedOrder },
              { type: 'xstate.error.actor.moveOrder', error: new Error('This order is accepted already') },
            ]
          : []),
      ] as never,
  },
  {
    // Highlights (a new order, a Later ticket whose start came) and the sound.
    input: { soundOn: false },
    events: (snapshot) => {
      const { fresh } = snapshot.context as KitchenBoardContext;
      return [
        { type: 'order.event', event: paid('n1') },
        { type: 'order.event', event: paid('n2') },
        { type: 'kitchen.started', orderId: 'b', transactionId: 'T-b' },
        { type: 'kitchen.sound' },
        { type: 'kitchen.sound.allow' },
        // The highlights end oldest first.
        ...(fresh.length > 0 ? [{ type: 'kitchen.fade', orderId: fresh[0] }] : []),
      ] as never;
    },
  },
  {
    // The busy switch, and a sound left on last time, which waits for a tap (the tickets stay unread).
    input: { soundOn: true },
    events: (snapshot) =>
      [
        { type: 'kitchen.busy' },
        { type: 'kitchen.sound' },
        { type: 'kitchen.sound.allow' },
        ...(snapshot.matches({ busy: 'reading' })
          ? [
              { type: 'xstate.done.actor.readKitchen', output: withBusy(false) },
              { type: 'xstate.error.actor.readKitchen', error: new Error('The kitchen is briefly offline') },
            ]
          : []),
        ...(snapshot.matches({ busy: 'saving' })
          ? [
              { type: 'xstate.done.actor.saveBusy', output: withBusy(!snapshot.context.kitchen?.busy) },
              { type: 'xstate.error.actor.saveBusy', error: new Error('The kitchen is briefly offline') },
            ]
          : []),
      ] as never,
  },
  {
    // Tickets on paper: a ticket's, another asked for while one prints, the roll, and printing on acceptance.
    input: { soundOn: false },
    events: (snapshot) => {
      const { queued } = snapshot.context as KitchenBoardContext;
      return [
        // One ticket waiting at most (a ticket's, or the one printing on acceptance adds): enough to walk.
        ...(queued.length === 0
          ? [
              { type: 'kitchen.print', order: waiting },
              { type: 'kitchen.move', at: AT, ...ACCEPT },
            ]
          : []),
        ...(snapshot.matches({ print: 'printing' }) ? [{ type: 'kitchen.printed' }] : []),
        { type: 'kitchen.roll', roll: 58 },
        { type: 'kitchen.roll', roll: 80 },
        { type: 'kitchen.autoPrint' },
        ...(snapshot.matches({ move: 'moving' })
          ? [
              { type: 'xstate.done.actor.moveOrder', output: acceptedOrder },
              { type: 'xstate.error.actor.moveOrder', error: new Error('This order is accepted already') },
            ]
          : []),
      ] as never;
    },
  },
]);
