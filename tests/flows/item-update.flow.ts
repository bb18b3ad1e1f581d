// Update item (machines/item-update.machine.ts) replayed on /admin/manage-items/update-item/:id by the
// demo admin, on a dish of the flow's own. The server's refusal is real: the dish deleted meanwhile.
import { expect, type Page } from '@playwright/test';
import type { ItemUpdate } from '../../contract/admin.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { itemUpdateMachine } from '../../machines/item-update.machine.ts';
import { signIn } from '../e2e/support/accounts.ts';
import { ADMIN, DISH, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import { Gate } from './support/gate.ts';
import { withSilentEffects } from './support/graph.ts';

const NO_SUCH_ITEM = 'This menu item does not exist';
const NAME = 'Flow Update';
const STOCK = 12;
const PRICES = [DISH.price, 9.5];

interface World extends Fixtures {
  staff: Staff;
  item: MenuItem;
  load: Gate;
  save: Gate;
}

/** The dish as the server keeps it (its real name carries the run's suffix), or gone. */
type Saved = ItemUpdate | null;
type Context = { id: string; item: MenuItem | null; draft: ItemUpdate | null; error: string | null };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;
const differs = (a: ItemUpdate, b: ItemUpdate) =>
  (Object.keys(a) as Array<keyof ItemUpdate>).some((key) => a[key] !== b[key]);

const updateForm = (page: Page) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: 'Update now' }) });

flowTests<World, Saved>({
  machine: withSilentEffects(itemUpdateMachine),
  input: { id: 'dish' },
  server: {
    name: NAME,
    price: DISH.price,
    quantity: STOCK,
    image: DISH.image,
    description: DISH.description,
  },
  events: (snapshot, saved) => {
    const { item, draft } = contextOf(snapshot);
    if (snapshot.matches('loading')) {
      return [
        ...(saved
          ? [{ type: 'xstate.done.actor.fetchItem', output: { _id: 'dish', category: 'pizza', ...saved } }]
          : []),
        { type: 'xstate.error.actor.fetchItem', error: new Error(NO_SUCH_ITEM) },
      ];
    }
    if (snapshot.matches('saving')) {
      return [
        ...(saved && differs(draft!, saved)
          ? [{ type: 'xstate.done.actor.saveItem', output: { matchedCount: 1, modifiedCount: 1 } }]
          : []),
        // The same change saved by another admin first: nothing is left to modify.
        ...(saved
          ? [{ type: 'xstate.done.actor.saveItem', output: { matchedCount: 1, modifiedCount: 0 } }]
          : []),
        { type: 'xstate.error.actor.saveItem', error: new Error(NO_SUCH_ITEM) },
      ];
    }
    const shown = draft ?? item;
    if (!shown) return [{ type: 'item.retry' }];
    const { name, price, quantity, image, description } = shown;
    return [
      {
        type: 'item.save',
        changes: { name, quantity, image, description, price: PRICES.find((p) => p !== price)! },
      },
    ];
  },
  serverAfter: (saved, event, snapshot) => {
    if (event.type.startsWith('xstate.error.actor.')) return null;
    if (event.type === 'xstate.done.actor.saveItem') return contextOf(snapshot).draft;
    return saved;
  },

  label: (event) =>
    event.type === 'xstate.done.actor.saveItem'
      ? `saveItem done (${(event as unknown as { output: { modifiedCount: number } }).output.modifiedCount ? 'changed' : 'unchanged'})`
      : undefined,

  calls: { fetchItem: { gate: (world) => world.load }, saveItem: { gate: (world) => world.save } },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    const item = await staff.addItem(NAME, STOCK);
    await signIn(page, ADMIN);
    const load = await Gate.on(
      page,
      'GET /admin-item-update',
      (r) => r.method() === 'GET' && /\/api\/admin-item-update\//.test(r.url()),
    );
    const save = await Gate.on(
      page,
      'PATCH /admin-item-update',
      (r) => r.method() === 'PATCH' && /\/api\/admin-item-update\//.test(r.url()),
    );
    await page.goto(`/admin/manage-items/update-item/${item._id}`);
    return { ...fixtures, staff, item, load, save };
  },
  async teardown({ staff, item, load, save }) {
    await load.open();
    await save.open();
    await staff.deleteItem(item._id).catch(() => {});
  },

  actions: {
    async 'xstate.done.actor.fetchItem'({ load }) {
      await load.release();
    },
    async 'xstate.error.actor.fetchItem'({ staff, item, load }) {
      await staff.deleteItem(item._id);
      await load.release();
    },
    async 'item.retry'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    async 'item.save'({ page }, { event }) {
      const { changes } = event as unknown as { changes: ItemUpdate };
      await updateForm(page).getByLabel('Price').fill(String(changes.price));
      await updateForm(page).getByRole('button', { name: 'Update now' }).click();
    },
    async 'xstate.done.actor.saveItem'({ staff, item, save }, { event, from }) {
      if ((event as unknown as { output: { modifiedCount: number } }).output.modifiedCount === 0) {
        const { price } = contextOf(from.machine).draft!;
        expect(await staff.updateItem(item._id, { price }), 'another admin saved the change first').toBe(
          true,
        );
      }
      await save.release();
    },
    async 'xstate.error.actor.saveItem'({ staff, item, save }) {
      await staff.deleteItem(item._id);
      await save.release();
    },
  },

  screens: {
    async 'itemUpdate.loading'({ page, load }) {
      await expect(page.getByRole('heading', { name: 'Update your item information' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading$/ })).toBeVisible();
      await expect.poll(() => load.holding, { message: 'the item has been asked for' }).toBe(true);
    },
    async 'itemUpdate.failed'({ page }, { machine }) {
      const alert = page.getByRole('alert');
      await expect(alert.getByText(contextOf(machine).error!, { exact: true })).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(updateForm(page)).toHaveCount(0);
    },
    async 'itemUpdate.editing'({ page, item }, { machine }) {
      const { draft, item: loaded, error } = contextOf(machine);
      const shown = draft ?? loaded!;
      const form = updateForm(page);
      await expect(form).toHaveAttribute('aria-busy', 'false');
      await expect(form.getByLabel('Item name')).toHaveValue(item.name);
      await expect(form.getByLabel('Price')).toHaveValue(String(shown.price));
      await expect(form.getByLabel('Quantity')).toHaveValue(String(shown.quantity));
      await expect(form.getByLabel('Image url')).toHaveValue(shown.image);
      await expect(form.getByLabel('Description')).toHaveValue(shown.description);
      if (error) await expect(form.getByRole('alert')).toHaveText(error);
      else await expect(form.getByRole('alert')).toHaveCount(0);
      await expect(form.getByRole('button', { name: 'Update now' })).toBeEnabled();
    },
    async 'itemUpdate.saving'({ page, save }) {
      await expect(updateForm(page)).toHaveAttribute('aria-busy', 'true');
      await expect(updateForm(page).getByRole('button', { name: 'Update now' })).toBeDisabled();
      await expect.poll(() => save.holding, { message: 'the change has been sent' }).toBe(true);
    },
    // Saved: the toast, and back to Manage items.
    async 'itemUpdate.saved'({ page }) {
      await expect(page.getByText('Your item update successfull')).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/manage-items$/);
    },
  },
});
