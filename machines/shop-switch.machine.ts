import { assign, setup } from 'xstate';
import type { ShopNow, ShopStatus } from '../contract/shop.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * The Admin Dashboard's "Shop closed now" switch: the shop's state is read (with whether it takes orders
 * now and when it opens, which Home and the Menu say), then each flip is saved one at a time and shown
 * only once the server has it. A failed read offers Try again; a failed save keeps the switch where the
 * server has it and says why.
 */
export const shopSwitchMachine = setup({
  types: {
    context: {} as { closed: boolean | null; error: string | null; shop: ShopNow | null },
    events: {} as { type: 'shop.toggle' } | { type: 'shop.retry' },
  },
  actors: {
    readStatus: providedLater<ShopNow>('readStatus'),
    saveStatus: providedLater<ShopStatus, ShopStatus>('saveStatus'),
  },
  actions: {
    announceSaved: (_, _params: ShopStatus) => {},
  },
}).createMachine({
  id: 'shopSwitch',
  context: { closed: null, error: null, shop: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'readStatus',
        src: 'readStatus',
        onDone: {
          target: 'ready',
          actions: assign({ closed: ({ event }) => event.output.closed, shop: ({ event }) => event.output }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    failed: { on: { 'shop.retry': 'loading' } },
    ready: { on: { 'shop.toggle': 'saving' } },
    saving: {
      entry: assign({ error: null }),
      invoke: {
        id: 'saveStatus',
        src: 'saveStatus',
        input: ({ context }) => ({ closed: !context.closed }),
        onDone: {
          target: 'ready',
          actions: [
            assign({ closed: ({ event }) => event.output.closed }),
            { type: 'announceSaved', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
  },
});
