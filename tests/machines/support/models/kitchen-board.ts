import { fromCallback } from 'xstate';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../../../contract/kitchen.ts';
import type { Order } from '../../../../contract/order.ts';
import type { OrderEvent } from '../../../../contract/order-lifecycle.ts';
import {
  type BoardColumns,
  type KitchenBoardContext,
  type KitchenMove,
  kitchenBoardMachine,
} from '../../../../machines/kitchen-board.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';
import { orderEvent } from './order-feed.ts';

/** The order a card moves: paid, in the first column. */
const waiting = { _id: 'a', transaction_id: 'T-a', state: 'paid' } as Order;
export const BOARD: BoardColumns = {
  paid: [waiting],
  placed: [],
  accepted: [],
  preparing: [],
  out_for_delivery: [],
  ready_for_pickup: [],
};
export const ACCEPT: KitchenMove = { orderId: 'a', transactionId: 'T-a', from: 'paid', to: 'accepted' };

/** A newly paid order, as the feed hands it over. */
export const paid = (orderId: string): OrderEvent =>
  orderEvent(orderId === 'n1' ? 1 : 2, { orderId, transactionId: `T-${orderId}` });
/** Another step, of the card's order. */
export const accepted: OrderEvent = orderEvent(3, { orderId: 'a', from: 'paid', to: 'accepted' });

/** The board with every effect silent: the walk sends their answers and the feed's reports itself. */
export const silentBoard = kitchenBoardMachine.provide({
  actors: {
    readBoard: neverAnswers<BoardColumns>(),
    moveOrder: neverAnswers<Order, KitchenMove>(),
    orderFeed: fromCallback(() => {}) as never,
    readKitchen: neverAnswers<KitchenSettings>(),
    saveBusy: neverAnswers<KitchenSettings, KitchenSettings>(),
    // The walk says when the printer is done.
    printTicket: fromCallback(() => {}) as never,
  },
});

const withBusy = (busy: boolean): KitchenSettings => ({ ...DEFAULT_KITCHEN_SETTINGS, busy });

/** The card's order once accepted, as the server answers the move. */
const acceptedOrder = { ...waiting, state: 'accepted' } as Order;

export const kitchenBoardModel = defineModel(silentBoard, [
  {
    // The cards, their moves, highlights and the sound; the busy switch's read never answers here.
    input: { soundOn: false },
    events: (snapshot) => {
      const { fresh } = snapshot.context as KitchenBoardContext;
      return [
        { type: 'order.stream', status: 'live' },
        { type: 'order.stream', status: 'reconnecting' },
        { type: 'order.event', event: paid('n1') },
        { type: 'order.event', event: paid('n2') },
        { type: 'order.event', event: accepted },
        { type: 'kitchen.move', ...ACCEPT },
        { type: 'kitchen.retry' },
        { type: 'kitchen.sound' },
        { type: 'kitchen.sound.allow' },
        // The highlights end oldest first.
        ...(fresh.length > 0 ? [{ type: 'kitchen.fade', orderId: fresh[0] }] : []),
        ...(snapshot.matches({ read: 'reading' })
          ? [
              { type: 'xstate.done.actor.readBoard', output: BOARD },
              { type: 'xstate.error.actor.readBoard', error: new Error('The kitchen is briefly offline') },
            ]
          : []),
        ...(snapshot.matches({ move: 'moving' })
          ? [
              { type: 'xstate.done.actor.moveOrder', output: waiting },
              { type: 'xstate.error.actor.moveOrder', error: new Error('This order is accepted already') },
            ]
          : []),
      ] as never;
    },
  },
  {
    // The busy switch, and a sound left on last time, which waits for a tap (the cards stay unread).
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
    // Tickets: a card's, another asked for while one prints, the roll, and printing on acceptance.
    input: { soundOn: false },
    events: (snapshot) => {
      const { queued } = snapshot.context as KitchenBoardContext;
      return [
        // One ticket waiting at most (a card's, or the one printing on acceptance adds): enough to walk.
        ...(queued.length === 0
          ? [
              { type: 'kitchen.print', order: waiting },
              { type: 'kitchen.move', ...ACCEPT },
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
