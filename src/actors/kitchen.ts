import { fromCallback, fromPromise } from 'xstate';
import type { KitchenSettings } from '../../contract/kitchen.ts';
import { type KitchenMove, kitchenBoardMachine } from '../../machines/kitchen-board.machine.ts';
import { fetchKitchenBoard, fetchOrderEvents, fetchOrderMail, transitionOrder } from '../api/admin.ts';
import { fetchKitchenSettings, saveKitchenSettings } from '../api/ordering.ts';
import { keepSound, playChime, prepareChime } from '../ui/chime.ts';
import { keepPrinting, printWhenDrawn } from '../ui/ticket-printer.ts';
import { asAdmin } from './admin.ts';
import { fromActors, useLogic } from './context.tsx';
import { liveOrderFeed, settle } from './order-feed.ts';

export const kitchenLogic = fromActors((actors) => ({
  /**
   * The kitchen board: every open order read as staff in one call (or those named by id), a move through the
   * lifecycle's transition call (a cancellation with its reason), every order's live events, the chime
   * and whether it is on (kept by the browser), the kitchen's busy switch, and the ticket printer (the
   * browser's print of the page, and its roll and printing on acceptance kept by the browser).
   */
  kitchenBoard: kitchenBoardMachine.provide({
    actors: {
      readBoard: fromPromise(() => asAdmin(actors, (uid) => fetchKitchenBoard(uid))),
      readTickets: fromPromise(({ input }: { input: string[] }) =>
        asAdmin(actors, (uid) => fetchKitchenBoard(uid, input)),
      ),
      moveOrder: fromPromise(({ input: { orderId, to, note } }: { input: KitchenMove }) =>
        asAdmin(actors, (uid) => transitionOrder(uid, orderId, note === undefined ? { to } : { to, note })),
      ),
      orderFeed: liveOrderFeed,
      readKitchen: fromPromise(() => asAdmin(actors, fetchKitchenSettings)),
      saveBusy: fromPromise(({ input }: { input: KitchenSettings }) =>
        asAdmin(actors, (uid) => saveKitchenSettings(uid, input)),
      ),
      printTicket: fromCallback(({ sendBack }) =>
        printWhenDrawn(() => sendBack({ type: 'kitchen.printed' })),
      ),
    },
    actions: {
      prepareChime,
      playChime,
      rememberSound: ({ context }) => keepSound(context.soundOn),
      rememberPrinting: ({ context }) => keepPrinting(context),
    },
  }),

  /** An order's timeline, as staff read it. */
  orderEvents: fromPromise(({ input }: { input: { id: string } }) =>
    settle(asAdmin(actors, (uid) => fetchOrderEvents(uid, input.id))),
  ),

  /** The e-mails an order caused, with their delivery state. */
  orderMail: fromPromise(({ input }: { input: { id: string } }) =>
    settle(asAdmin(actors, (uid) => fetchOrderMail(uid, input.id))),
  ),
}));

/** The kitchen board and an order's timeline and mail, read as the registry's signed-in admin. */
export const useKitchenLogic = () => useLogic(kitchenLogic);
