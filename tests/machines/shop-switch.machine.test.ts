import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DEFAULT_SHOP_HOURS } from '../../contract/opening-hours.ts';
import type { ShopNow, ShopStatus } from '../../contract/shop.ts';
import { shopSwitchMachine } from '../../machines/shop-switch.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { shopSwitchModel } from './support/models/shop-switch.ts';

describe('shop switch machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(shopSwitchModel);
  });

  it('reads the shop’s state, saves the flip and shows it once the server has it', async () => {
    let server: ShopStatus = { closed: false };
    const now = (status: ShopStatus): ShopNow => ({
      ...status,
      openNow: true,
      opensAt: null,
      hours: DEFAULT_SHOP_HOURS,
    });
    const announceSaved = vi.fn();
    const actor = createActor(
      shopSwitchMachine.provide({
        actors: {
          readStatus: fromPromise(async () => now(server)),
          saveStatus: fromPromise<ShopStatus, ShopStatus>(async ({ input }) => {
            server = input;
            return server;
          }),
        },
        actions: { announceSaved },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.closed).toBe(false);
    actor.send({ type: 'shop.toggle' });
    expect(actor.getSnapshot().context.closed).toBe(false);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(server).toEqual({ closed: true });
    expect(actor.getSnapshot().context).toMatchObject({ closed: true, error: null });
    expect(announceSaved).toHaveBeenCalledWith(expect.anything(), { closed: true });
  });

  it('keeps the switch where the server has it when a save fails, and says why', async () => {
    const actor = createActor(
      shopSwitchMachine.provide({
        actors: {
          readStatus: fromPromise<ShopNow, void>(async () => ({
            closed: true,
            openNow: false,
            opensAt: null,
            hours: DEFAULT_SHOP_HOURS,
          })),
          saveStatus: fromPromise<ShopStatus, ShopStatus>(() =>
            Promise.reject(new Error('Only an admin can do this')),
          ),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'shop.toggle' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ closed: true, error: 'Only an admin can do this' });
  });
});
