// The item page's configurator (machines/configurator.machine.ts) replayed on a dish of the flow's own,
// by a guest (choosing needs no account). The dish's cup must be chosen (no default), its two sauces
// come chosen, its toppings are extras up to two: every path starts incomplete and reaches both states.
// Each state is checked on the page: which choices are ticked, the running price, the sentence that
// names the group still to choose, and whether Add to Cart may be pressed.
import { expect, type Page } from '@playwright/test';
import type { OptionGroupFormInput } from '../../contract/admin.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { formatMenuPrice, toCents } from '../../contract/money.ts';
import type { OptionGroup } from '../../contract/options.ts';
import { configuratorMachine } from '../../machines/configurator.machine.ts';
import { DISH, Staff } from './support/backstage.ts';
import { type Fixtures, flowTests } from './support/flow.ts';
import type { WorldSnapshot } from './support/graph.ts';

const option = (name: string, priceDelta: number, isDefault = false) => ({
  _id: name,
  name,
  priceDelta,
  default: isDefault,
  available: true,
});

/** The dish's groups, their choices named as the page shows them (the model's ids are the names). */
const GROUPS: OptionGroup[] = [
  {
    _id: 'Cup',
    name: 'Cup',
    required: true,
    min: 1,
    max: 1,
    choices: [option('Regular', 0), option('Tall', 1)],
  },
  {
    _id: 'Sauces',
    name: 'Sauces',
    required: true,
    min: 2,
    max: 2,
    choices: [option('Ketchup', 0, true), option('Mayo', 0, true), option('Barbecue', 0.5)],
  },
  {
    _id: 'Toppings',
    name: 'Toppings',
    required: false,
    min: 0,
    max: 2,
    choices: [option('Olives', 1), option('Jalapeños', 1.5), option('Onions', 0.8)],
  },
];

interface World extends Fixtures {
  staff: Staff;
  item: MenuItem;
}
type Context = { chosen: string[]; instructions: string; unitCents: number; problem: string | null };
const contextOf = (snapshot: { context: unknown }) => snapshot.context as Context;

const toForm = (groups: readonly OptionGroup[]): OptionGroupFormInput[] =>
  groups.map(({ _id: _, choices, ...group }) => ({
    ...group,
    choices: choices.map(({ _id: __, ...choice }) => choice),
  }));

/** A choice's radio button or checkbox, by its name (the delta follows it in the label). */
const choiceNamed = (page: Page, name: string) => {
  const label = new RegExp(`^${name}(\\s|$)`);
  return page.getByRole('radio', { name: label }).or(page.getByRole('checkbox', { name: label }));
};

/** What the page shows for the machine's context: the ticks, the running price, the instructions. */
async function expectChoices(page: Page, machine: WorldSnapshot<null>['machine']) {
  const { chosen, instructions, unitCents } = contextOf(machine);
  for (const group of GROUPS) {
    for (const choice of group.choices) {
      const box = choiceNamed(page, choice.name);
      if (chosen.includes(choice._id)) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
    }
  }
  const price = page.getByRole('status', { name: 'Line price' });
  if (unitCents === toCents(DISH.price)) await expect(price).toBeHidden();
  else await expect(price).toHaveText(formatMenuPrice(unitCents));
  await expect(page.getByLabel(/Special instructions/)).toHaveValue(instructions);
}

flowTests<World, null>({
  machine: configuratorMachine,
  input: { groups: GROUPS, priceCents: toCents(DISH.price) },
  server: null,
  events: () => [
    ...GROUPS.flatMap((group) =>
      group.choices.flatMap((choice) => [
        { type: 'options.choose', choiceId: choice._id },
        { type: 'options.toggle', choiceId: choice._id },
      ]),
    ),
    { type: 'options.instructions', text: 'No onions, please' },
  ],
  label: (event) => {
    const { type, choiceId } = event as { type: string; choiceId?: string };
    return choiceId ? `${type} ${choiceId}` : undefined;
  },

  async setup(fixtures) {
    const { page, request } = fixtures;
    const staff = await Staff.signIn(request);
    const item = await staff.addItem('Flow Configurator', 5, DISH.price, toForm(GROUPS));
    await page.goto(`/item-detail/${item._id}`);
    // Choices wait for the page to be the browser's: a tap before then would be lost.
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveAttribute('aria-busy', 'false');
    return { ...fixtures, staff, item };
  },
  async teardown({ staff, item }) {
    await staff.deleteItem(item._id).catch(() => {});
  },

  actions: {
    async 'options.choose'({ page }, { event }) {
      await choiceNamed(page, (event as unknown as { choiceId: string }).choiceId).check();
    },
    async 'options.toggle'({ page }, { event }) {
      await choiceNamed(page, (event as unknown as { choiceId: string }).choiceId).click();
    },
    async 'options.instructions'({ page }, { event }) {
      await page.getByLabel(/Special instructions/).fill((event as unknown as { text: string }).text);
    },
  },

  screens: {
    async 'configurator.complete'({ page }, { machine }) {
      await expectChoices(page, machine);
      await expect(page.getByRole('status').filter({ hasText: /: choose/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    },
    async 'configurator.incomplete'({ page }, { machine }) {
      await expectChoices(page, machine);
      await expect(page.getByRole('status').filter({ hasText: contextOf(machine).problem! })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    },
  },
});
