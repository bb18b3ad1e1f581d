import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CartLineListSchema, lineCapMessage } from '../../contract/cart.ts';
import { MenuItemListSchema, MenuItemSchema } from '../../contract/menu.ts';
import { OrderListSchema } from '../../contract/order.ts';
import { describePaymentLine, type PaymentPageRequest } from '../../server/api/payments/gateway.ts';
import { mailOutbox, menuItems, optionChoices, optionGroups } from '../../server/db/schema.ts';
import { insertOptionGroups, seedItemOptions } from '../../server/db/seed/item-options.ts';
import { seedMenu } from '../../server/db/seed/menu.ts';
import { exactlyOne, type SeedOptionGroup, upTo } from '../../server/db/seed-data.ts';
import { adminCall, createAdmin, payOrder } from './support/admin.ts';
import { sharedScratchDatabase } from './support/api-process.ts';
import {
  type Customer,
  call,
  cartLineIds,
  checkout,
  createCustomer,
  insertMenuItem,
  type MenuItemRow,
  ORDER_TIME,
  orderByTransaction,
  orderLinesOf,
  SHIPPING,
  transactionIdOf,
} from './support/commerce.ts';
import { sharedTestContext } from './support/test-app.ts';

/** What the gateway was asked to open a page for, checkout by checkout. */
const pages: PaymentPageRequest[] = [];
const ctx = sharedTestContext({
  gateway: (sandbox) => ({
    name: sandbox.name,
    createPaymentPage: (order) => {
      pages.push(order);
      return sandbox.createPaymentPage(order);
    },
    verifyNotification: (fields) => sandbox.verifyNotification(fields),
  }),
});

/** A pizza as the tests order it: a size and a crust to choose (defaults Medium, Classic), up to 3 extras. */
const PIZZA_GROUPS = [
  exactlyOne('Size', [
    ['Small', -200],
    ['Medium', 0, true],
    ['Large', 300],
  ]),
  exactlyOne('Crust', [
    ['Classic', 0, true],
    ['Thin', 0],
    ['Stuffed', 250],
  ]),
  upTo('Extra toppings', 3, [
    ['Olives', 100],
    ['Jalapeños', 100],
    ['Mushrooms', 120],
    ['Anchovies', 150],
  ]),
];

/**
 * An item of the test's own with these groups (the anchovies sold out today, when it has them); its
 * choices' ids by 'Group/Choice'.
 */
async function itemWithOptions(
  groups: readonly SeedOptionGroup[] = PIZZA_GROUPS,
  fields: Partial<MenuItemRow> = {},
): Promise<{ item: MenuItemRow; id: (path: string) => string }> {
  const item = await insertMenuItem(ctx, { priceCents: 1000, quantity: 30, ...fields });
  const ids = await insertOptionGroups(ctx.db, item.id, groups);
  const anchovies = ids.get('Extra toppings/Anchovies');
  if (anchovies)
    await ctx.db.update(optionChoices).set({ available: false }).where(eq(optionChoices.id, anchovies));
  return {
    item,
    id: (path) => {
      const found = ids.get(path);
      if (!found) throw new Error(`no choice ${path}`);
      return found;
    },
  };
}

const add = (customer: Customer, body: Record<string, unknown>) =>
  call<{ insertedId: string | null; message?: string; quantity?: number }>(
    ctx,
    'POST',
    '/add-to-cart',
    customer.token,
    body,
  );

async function cartOf(customer: Customer) {
  return v.parse(CartLineListSchema, (await call(ctx, 'GET', '/add-to-cart', customer.token)).body);
}

/** Checks the caller's cart out at the total the cart shows; the answer and the order. */
async function checkoutCart(customer: Customer) {
  const lines = await cartOf(customer);
  const total = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  const shipping = lines.reduce(
    (sum, line) => sum + Math.floor((Math.round(line.price * 100) * line.quantity * 5 + 50) / 100),
    0,
  );
  const response = await checkout(ctx, customer, {
    ...SHIPPING,
    order_time: ORDER_TIME,
    total_price: (total + shipping) / 100,
  });
  return {
    response,
    order: response.body.url ? await orderByTransaction(ctx, transactionIdOf(response.body.url)) : undefined,
  };
}

describe('the menu’s answers', () => {
  it('give an item’s groups and choices in the page’s order on its own answer, not in the lists', async () => {
    const { item, id } = await itemWithOptions();
    const answer = v.parse(MenuItemSchema, (await call(ctx, 'GET', `/item-detail/${item.id}`)).body);
    expect(answer.options?.map((group) => [group.name, group.required, group.min, group.max])).toEqual([
      ['Size', true, 1, 1],
      ['Crust', true, 1, 1],
      ['Extra toppings', false, 0, 3],
    ]);
    expect(answer.options?.[0]?.choices).toEqual([
      { _id: id('Size/Small'), name: 'Small', priceDelta: -2, default: false, available: true },
      { _id: id('Size/Medium'), name: 'Medium', priceDelta: 0, default: true, available: true },
      { _id: id('Size/Large'), name: 'Large', priceDelta: 3, default: false, available: true },
    ]);
    expect(answer.options?.[2]?.choices.at(-1)).toMatchObject({ name: 'Anchovies', available: false });
    const list = v.parse(
      MenuItemListSchema,
      (await call(ctx, 'GET', '/all-items?category=all&limit=0')).body,
    );
    const listed = list.find((candidate) => candidate._id === item.id)!;
    expect(listed).not.toHaveProperty('options');
  });

  it('answer an item without groups with an empty list', async () => {
    const item = await insertMenuItem(ctx);
    expect((await call(ctx, 'GET', `/item-detail/${item.id}`)).body).toMatchObject({ options: [] });
  });
});

describe('POST /add-to-cart with options', () => {
  it('prices the line from the database: the item’s price plus its choices’ deltas, never the body’s', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    const response = await add(customer, {
      itemId: item.id,
      quantity: 2,
      price: 0.01,
      choices: [
        id('Extra toppings/Jalapeños'),
        id('Size/Large'),
        id('Crust/Thin'),
        id('Extra toppings/Olives'),
      ],
      instructions: '  cut in squares  ',
    });
    expect(response.status).toBe(201);
    const [line] = await cartOf(customer);
    // 10.00 + 3.00 (Large) + 0 (Thin) + 1.00 + 1.00
    expect(line).toMatchObject({ price: 15, quantity: 2, instructions: 'cut in squares' });
    expect(line!.options).toEqual([
      { group: 'Size', name: 'Large', priceDelta: 3, extra: false },
      { group: 'Crust', name: 'Thin', priceDelta: 0, extra: false },
      { group: 'Extra toppings', name: 'Olives', priceDelta: 1, extra: true },
      { group: 'Extra toppings', name: 'Jalapeños', priceDelta: 1, extra: true },
    ]);
  });

  it('takes the item’s defaults when the body sends no choices, as the spec’s body does', async () => {
    const customer = await createCustomer(ctx);
    const { item } = await itemWithOptions();
    const response = await add(customer, {
      uid: customer.uid,
      itemId: item.id,
      name: item.name,
      price: 10,
      image: item.image,
      category: 'pizza',
      quantity: 1,
    });
    expect(response).toMatchObject({
      status: 201,
      body: { message: `"${item.name}" item has been added to your cart` },
    });
    const [line] = await cartOf(customer);
    expect(line).toMatchObject({ price: 10 });
    expect(line!.options!.map((choice) => choice.name)).toEqual(['Medium', 'Classic']);
  });

  it('refuses the defaults of an item whose required group has none: 400 naming the group', async () => {
    const customer = await createCustomer(ctx);
    const { item } = await itemWithOptions([
      exactlyOne('Size', [
        ['Small', 0],
        ['Large', 200],
      ]),
    ]);
    expect(await add(customer, { itemId: item.id, quantity: 1 })).toMatchObject({
      status: 400,
      body: { message: 'Size: choose one' },
    });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('refuses the defaults when a required group’s default is sold out today: 400 naming the group', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    await ctx.db
      .update(optionChoices)
      .set({ available: false })
      .where(eq(optionChoices.id, id('Crust/Classic')));
    expect(await add(customer, { itemId: item.id, quantity: 1 })).toMatchObject({
      status: 400,
      body: { message: 'Crust: choose one' },
    });
  });

  it.each([
    [
      'a choice of another item',
      (other: string) => [other],
      'A choice sent is not offered here: choose from Size, Crust, Extra toppings',
    ],
    [
      'a choice no item has',
      () => ['3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69'],
      'A choice sent is not offered here: choose from Size, Crust, Extra toppings',
    ],
    [
      'a choice sold out today',
      (_: string, id: (p: string) => string) => [
        id('Size/Medium'),
        id('Crust/Classic'),
        id('Extra toppings/Anchovies'),
      ],
      'Extra toppings: Anchovies is sold out today',
    ],
    [
      'a required group left empty',
      (_: string, id: (p: string) => string) => [id('Size/Large')],
      'Crust: choose one',
    ],
    ['nothing at all', () => [], 'Size: choose one'],
    [
      'two choices in a group of one',
      (_: string, id: (p: string) => string) => [id('Size/Small'), id('Size/Large'), id('Crust/Thin')],
      'Size: choose only one',
    ],
    [
      'a choice sent twice',
      (_: string, id: (p: string) => string) => [id('Size/Large'), id('Size/Large'), id('Crust/Thin')],
      'Size: Large is chosen twice',
    ],
    ['a choice id that is not one', () => ['large'], 'choices must be choice ids'],
  ] as const)('refuses %s: 400 naming the group, nothing added', async (_, choose, message) => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    const other = await itemWithOptions();
    const response = await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: choose(other.id('Size/Large'), id),
    });
    expect(response).toMatchObject({ status: 400, body: { message } });
    expect(await cartLineIds(ctx, customer.uid)).toEqual([]);
  });

  it('takes as many extras as the group does, and refuses one more: 400 naming the group', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions([
      PIZZA_GROUPS[0]!,
      upTo(
        'Extra toppings',
        3,
        ['A', 'B', 'C', 'D'].map((name) => [name, 50] as const),
      ),
    ]);
    const extras = ['A', 'B', 'C', 'D'].map((name) => id(`Extra toppings/${name}`));
    const four = await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: [id('Size/Large'), ...extras],
    });
    expect(four).toMatchObject({ status: 400, body: { message: 'Extra toppings: choose at most 3' } });
    const three = await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: [id('Size/Large'), ...extras.slice(1)],
    });
    expect(three.status).toBe(201);
  });

  it.each([
    ['instructions over 140 characters', 'x'.repeat(141), 'Instructions can be at most 140 characters'],
    [
      'a line break in the instructions',
      'no onions\nplease',
      'Instructions can not contain line breaks or other control characters',
    ],
    ['instructions that are not text', 42, 'instructions must be text'],
  ])('refuses %s: 400', async (_, instructions, message) => {
    const customer = await createCustomer(ctx);
    const { item } = await itemWithOptions();
    expect(await add(customer, { itemId: item.id, quantity: 1, instructions })).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  it('raises the line of the same choices (in any order), and makes a new line for other choices or instructions', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    const largeThin = [id('Size/Large'), id('Crust/Thin'), id('Extra toppings/Olives')];
    const first = await add(customer, { itemId: item.id, quantity: 1, choices: largeThin });
    expect(first.status).toBe(201);
    const same = await add(customer, { itemId: item.id, quantity: 2, choices: [...largeThin].reverse() });
    expect(same).toMatchObject({ status: 200, body: { insertedId: first.body.insertedId, quantity: 3 } });
    const small = await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: [id('Size/Small'), id('Crust/Thin')],
    });
    expect(small.status).toBe(201);
    const noted = await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: largeThin,
      instructions: 'no onions',
    });
    expect(noted.status).toBe(201);
    // The defaults, sent or left out, are one line.
    const defaults = await add(customer, { itemId: item.id, quantity: 1 });
    const sentDefaults = await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: [id('Crust/Classic'), id('Size/Medium')],
    });
    expect(sentDefaults).toMatchObject({
      status: 200,
      body: { insertedId: defaults.body.insertedId, quantity: 2 },
    });
    const lines = await cartOf(customer);
    expect(lines.map((line) => [line.price, line.quantity, line.instructions])).toEqual([
      [14, 3, ''],
      [8, 1, ''],
      [14, 1, 'no onions'],
      [10, 2, ''],
    ]);
  });

  it('counts every line of an item against its cap, whatever their options', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    expect(
      (await add(customer, { itemId: item.id, quantity: 6, choices: [id('Size/Large'), id('Crust/Thin')] }))
        .status,
    ).toBe(201);
    expect(
      await add(customer, { itemId: item.id, quantity: 5, choices: [id('Size/Small'), id('Crust/Thin')] }),
    ).toMatchObject({
      status: 400,
      body: { message: lineCapMessage(10, item.name) },
    });
    expect(
      (await add(customer, { itemId: item.id, quantity: 4, choices: [id('Size/Small'), id('Crust/Thin')] }))
        .status,
    ).toBe(201);
  });

  it('holds the item’s cap when the same customer adds from many tabs at once', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    const choices = [id('Size/Large'), id('Crust/Thin')];
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => add(customer, { itemId: item.id, quantity: 1, choices })),
    );
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(6);
    expect((await cartOf(customer)).map((line) => line.quantity)).toEqual([10]);
  });
});

describe('checkout with options', () => {
  it('charges the options, keeps what was chosen on the order, and tells the gateway', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    await add(customer, {
      itemId: item.id,
      quantity: 2,
      choices: [id('Size/Large'), id('Crust/Stuffed'), id('Extra toppings/Mushrooms')],
      instructions: 'well done',
    });
    pages.length = 0;
    const { response, order } = await checkoutCart(customer);
    expect(response.status).toBe(200);
    // (10.00 + 3.00 + 2.50 + 1.20) × 2 = 33.40, and 5% shipping 1.67.
    expect(order!.totalCents).toBe(3507);
    const [line] = await orderLinesOf(ctx, order!.id);
    expect(line).toMatchObject({ priceCents: 1670, quantity: 2, instructions: 'well done' });
    expect(line!.options).toEqual([
      { group: 'Size', name: 'Large', priceDeltaCents: 300, extra: false },
      { group: 'Crust', name: 'Stuffed', priceDeltaCents: 250, extra: false },
      { group: 'Extra toppings', name: 'Mushrooms', priceDeltaCents: 120, extra: true },
    ]);
    const [page] = pages;
    expect(page!.lines.map(describePaymentLine)).toEqual([`${item.name} (Large · Stuffed · +Mushrooms) x2`]);

    // A later menu edit (a choice renamed and repriced) changes the cart's prices, never the order's.
    await ctx.db
      .update(optionChoices)
      .set({ name: 'Family', priceDeltaCents: 900 })
      .where(eq(optionChoices.id, id('Size/Large')));
    const [mine] = v.parse(OrderListSchema, (await call(ctx, 'GET', '/my-orders', customer.token)).body);
    expect(mine!.carts[0]).toMatchObject({
      price: 16.7,
      instructions: 'well done',
      options: [
        { group: 'Size', name: 'Large', priceDelta: 3, extra: false },
        { group: 'Crust', name: 'Stuffed', priceDelta: 2.5, extra: false },
        { group: 'Extra toppings', name: 'Mushrooms', priceDelta: 1.2, extra: true },
      ],
    });
    const [now] = await cartOf(customer);
    expect(now).toMatchObject({ price: 22.7 });
  });

  it('lists each line with its options in the customer’s mail', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    await add(customer, {
      itemId: item.id,
      quantity: 1,
      choices: [
        id('Size/Large'),
        id('Crust/Thin'),
        id('Extra toppings/Olives'),
        id('Extra toppings/Jalapeños'),
      ],
      instructions: 'cut in squares',
    });
    const { order } = await checkoutCart(customer);
    await payOrder(ctx, order!);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order!.id))
      .orderBy(asc(mailOutbox.id));
    expect(mail!.body).toContain(
      `- 1 × ${item.name} (Large · Thin · +Olives, +Jalapeños) — Tk 15.00\n    "cut in squares"`,
    );
  });

  it('refuses a line whose choice sold out since it was added: 409 naming the group, nothing reserved', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions();
    await add(customer, { itemId: item.id, quantity: 1, choices: [id('Size/Large'), id('Crust/Stuffed')] });
    await ctx.db
      .update(optionChoices)
      .set({ available: false })
      .where(eq(optionChoices.id, id('Crust/Stuffed')));
    const { response } = await checkoutCart(customer);
    expect(response).toMatchObject({
      status: 409,
      body: { message: `Crust: Stuffed is sold out today (${item.name} in your cart): please change it` },
    });
  });

  it('reserves the item’s stock once for all its lines', async () => {
    const customer = await createCustomer(ctx);
    const { item, id } = await itemWithOptions(PIZZA_GROUPS, { quantity: 5 });
    await add(customer, { itemId: item.id, quantity: 3, choices: [id('Size/Large'), id('Crust/Thin')] });
    await add(customer, { itemId: item.id, quantity: 2, choices: [id('Size/Small'), id('Crust/Thin')] });
    const { response } = await checkoutCart(customer);
    expect(response.status).toBe(200);
    expect((await call(ctx, 'GET', `/item-detail/${item.id}`)).body).toMatchObject({ quantity: 0 });
  });
});

describe('the owner’s option groups (Add items, Update item)', () => {
  const GROUPS = [
    {
      name: 'Size',
      required: true,
      min: 1,
      max: 1,
      choices: [
        { name: 'Small', priceDelta: -1.5, default: false, available: true },
        { name: 'Medium', priceDelta: 0, default: true, available: true },
      ],
    },
    {
      name: 'Extras',
      required: false,
      min: 0,
      max: 2,
      choices: [
        { name: 'Olives', priceDelta: '0.80', default: false, available: true },
        { name: 'Stuffed crust', priceDelta: 2.5, default: false, available: true },
      ],
    },
  ];
  const NEW_ITEM = {
    name: 'Owner’s Special',
    price: '12.00',
    quantity: '8',
    image: '/images/menu/margherita.jpg',
    category: 'pizza',
    description: 'Made by the owner.',
  };

  async function itemMadeByOwner(options: unknown = GROUPS) {
    const admin = await createAdmin(ctx);
    const made = await adminCall<{ insertedId: string }>(ctx, admin, 'POST', '/add-item', {
      ...NEW_ITEM,
      options,
    });
    expect(made.status).toBe(201);
    const id = made.body.insertedId;
    const read = async () =>
      v.parse(MenuItemSchema, (await adminCall(ctx, admin, 'GET', `/admin-item-update/${id}`)).body);
    const save = (changes: Record<string, unknown>) =>
      adminCall<{ modifiedCount?: number; message?: string }>(
        ctx,
        admin,
        'PATCH',
        `/admin-item-update/${id}`,
        {
          name: NEW_ITEM.name,
          price: 12,
          quantity: 8,
          image: NEW_ITEM.image,
          description: NEW_ITEM.description,
          ...changes,
        },
      );
    return { admin, id, read, save };
  }

  it('adds an item with its groups, shown on its page and to the owner', async () => {
    const { id, read } = await itemMadeByOwner();
    const page = v.parse(MenuItemSchema, (await call(ctx, 'GET', `/item-detail/${id}`)).body);
    expect(
      page.options?.map((group) => [group.name, group.choices.map((c) => [c.name, c.priceDelta])]),
    ).toEqual([
      [
        'Size',
        [
          ['Small', -1.5],
          ['Medium', 0],
        ],
      ],
      [
        'Extras',
        [
          ['Olives', 0.8],
          ['Stuffed crust', 2.5],
        ],
      ],
    ]);
    expect((await read()).options).toEqual(page.options);
  });

  it('reorders, renames, marks sold out and removes, keeping the lines of what it kept', async () => {
    const { id, read, save } = await itemMadeByOwner();
    const [size, extras] = (await read()).options!;
    const customer = await createCustomer(ctx);
    const olives = extras!.choices[0]!._id;
    const stuffed = extras!.choices[1]!._id;
    await add(customer, { itemId: id, quantity: 1, choices: [size!.choices[1]!._id, olives] });
    await add(customer, { itemId: id, quantity: 1, choices: [size!.choices[1]!._id, stuffed] });

    const edited = [
      {
        ...extras!,
        name: 'Toppings',
        // Stuffed crust is gone; Olives kept, renamed and sold out for the day; one added.
        choices: [
          { ...extras!.choices[0]!, name: 'Black olives', available: false },
          { name: 'Basil', priceDelta: 0.5, default: false, available: true },
        ],
      },
      size!,
    ];
    expect((await save({ options: edited })).body).toMatchObject({ modifiedCount: 1 });
    const after = (await read()).options!;
    expect(after.map((group) => group.name)).toEqual(['Toppings', 'Size']);
    expect(after[0]!.choices.map((c) => [c._id === olives, c.name, c.available])).toEqual([
      [true, 'Black olives', false],
      [false, 'Basil', true],
    ]);
    // The page shows the edit at once: the menu's version moved with it.
    const page = v.parse(MenuItemSchema, (await call(ctx, 'GET', `/item-detail/${id}`)).body);
    expect(page.options?.[0]?.name).toBe('Toppings');
    // The line that chose the removed choice went with it; the other stays, and reads as the item now
    // does (its groups' new order, the new name).
    const lines = await cartOf(customer);
    expect(lines.map((line) => line.options?.map((c) => c.name))).toEqual([['Black olives', 'Medium']]);

    // The same groups again change nothing; the spec's body (no options) leaves them as they are.
    expect((await save({ options: after })).body).toMatchObject({ modifiedCount: 0 });
    expect((await save({ price: 13 })).body).toMatchObject({ modifiedCount: 1 });
    expect((await read()).options).toEqual(after);
  });

  it.each([
    [
      'a required group that takes nothing',
      [{ ...GROUPS[0]!, min: 0 }],
      'Size: a required group takes at least 1 choice',
    ],
    [
      'a group not required with a minimum',
      [{ ...GROUPS[1]!, min: 1 }],
      'Extras: a group that is not required takes at least 0',
    ],
    [
      'at least above at most',
      [{ ...GROUPS[1]!, required: true, min: 2, max: 1 }],
      'Extras: at least can not be above at most',
    ],
    [
      'at most above its choices',
      [{ ...GROUPS[1]!, max: 3 }],
      'Extras: at most can not be above its 2 choices',
    ],
    [
      'more defaults than a group takes',
      [{ ...GROUPS[0]!, choices: GROUPS[0]!.choices.map((c) => ({ ...c, default: true })) }],
      'Size: more defaults than it takes (at most 1)',
    ],
    [
      'two choices of one name',
      [{ ...GROUPS[1]!, choices: [GROUPS[1]!.choices[0]!, GROUPS[1]!.choices[0]!] }],
      'Extras: two choices have the same name',
    ],
    ['two groups of one name', [GROUPS[1]!, GROUPS[1]!], 'Two option groups have the same name'],
    ['a group without choices', [{ ...GROUPS[1]!, choices: [] }], 'A group needs at least one choice'],
    [
      'a price change with three decimals',
      [
        {
          ...GROUPS[1]!,
          choices: [{ ...GROUPS[1]!.choices[0]!, priceDelta: 0.125 }, GROUPS[1]!.choices[1]!],
        },
      ],
      'Price change can have at most 2 decimals',
    ],
    [
      'a size that would make the price 0',
      [{ ...GROUPS[0]!, choices: [{ ...GROUPS[0]!.choices[0]!, priceDelta: -12 }, GROUPS[0]!.choices[1]!] }],
      'Size: the lowest choices would bring the price to $0.00; it must stay above $0.00',
    ],
  ])('refuses %s: 400 naming it, nothing added', async (_, options, message) => {
    const admin = await createAdmin(ctx);
    const response = await adminCall(ctx, admin, 'POST', '/add-item', {
      ...NEW_ITEM,
      name: `Refused ${_}`,
      options,
    });
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it('refuses ids that are not the item’s own, and a price its cheapest choices would take to 0', async () => {
    const mine = await itemMadeByOwner();
    const other = await itemMadeByOwner();
    const [otherSize] = (await other.read()).options!;
    const [size, extras] = (await mine.read()).options!;
    expect(await mine.save({ options: [otherSize!] })).toMatchObject({
      status: 400,
      body: { message: "Size: this group is not one of this item's" },
    });
    expect(
      await mine.save({ options: [{ ...extras!, choices: [size!.choices[0]!, extras!.choices[1]!] }] }),
    ).toMatchObject({ status: 400, body: { message: "Extras: Small is not one of this group's choices" } });
    // Small takes 1.50 off: the price may not go to 1.50 or below.
    expect(await mine.save({ price: 1.5 })).toMatchObject({
      status: 400,
      body: { message: 'Size: the lowest choices would bring the price to $0.00; it must stay above $0.00' },
    });
    expect((await mine.read()).price).toBe(12);
  });
});

describe('the seed', () => {
  const scratch = sharedScratchDatabase();

  it('gives the 32 seeded items their category’s groups, once in a database’s life', async () => {
    await seedMenu(scratch.db);
    expect(await seedItemOptions(scratch.db)).toBe(32);
    const groups = await scratch.db
      .select({ item: menuItems.name, category: menuItems.category, group: optionGroups.name })
      .from(optionGroups)
      .innerJoin(menuItems, eq(menuItems.id, optionGroups.itemId))
      .orderBy(asc(menuItems.name), asc(optionGroups.position));
    const margherita = groups.filter((row) => row.item === 'Margherita Napoletana').map((row) => row.group);
    expect(margherita).toEqual(['Size', 'Crust', 'Extra toppings']);
    expect(new Set(groups.map((row) => row.item)).size).toBe(32);
    // Every seeded item can be added as the spec's body adds it: its required groups have a default.
    for (const group of await scratch.db.select().from(optionGroups).where(eq(optionGroups.required, true))) {
      const defaults = await scratch.db
        .select()
        .from(optionChoices)
        .where(and(eq(optionChoices.groupId, group.id), eq(optionChoices.isDefault, true)));
      expect(defaults.map((choice) => choice.priceDeltaCents)).toEqual([0]);
    }
    // An owner who removed them does not find them back at the next start.
    await scratch.db.delete(optionGroups);
    expect(await seedItemOptions(scratch.db)).toBe(0);
    expect(await scratch.db.select().from(optionGroups)).toEqual([]);
  });
});
