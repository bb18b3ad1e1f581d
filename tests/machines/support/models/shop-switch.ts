import { DEFAULT_SHOP_HOURS } from '../../../../contract/opening-hours.ts';
import type { ShopNow, ShopStatus } from '../../../../contract/shop.ts';
import { shopSwitchMachine } from '../../../../machines/shop-switch.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';

const pending = shopSwitchMachine.provide({
  actors: {
    readStatus: neverAnswers<ShopNow, void>(),
    saveStatus: neverAnswers<ShopStatus, ShopStatus>(),
  },
});

export const shopSwitchModel = defineModel(pending, [
  {
    events: (snapshot) =>
      [
        { type: 'shop.toggle' },
        { type: 'shop.retry' },
        ...(snapshot.matches('loading')
          ? [
              {
                type: 'xstate.done.actor.readStatus',
                output: { closed: false, openNow: true, opensAt: null, hours: DEFAULT_SHOP_HOURS },
              },
              { type: 'xstate.error.actor.readStatus', error: new Error('We could not reach Pizzon') },
            ]
          : []),
        ...(snapshot.matches('saving')
          ? [
              { type: 'xstate.done.actor.saveStatus', output: { closed: !snapshot.context.closed } },
              { type: 'xstate.error.actor.saveStatus', error: new Error('Only an admin can do this') },
            ]
          : []),
      ] as never,
  },
]);
