import type { ItemCategory } from '../../contract/menu.ts';

export interface SeedMenuItem {
  name: string;
  /** Price in minor units (cents); the storefront shows it as 12.50. */
  priceCents: number;
  /** Units in stock. */
  quantity: number;
  image: string; // e.g. '/images/menu/pepperoni-classic.svg'
  category: ItemCategory; // 'pizza' | 'burger' | 'desert' | 'drink' | 'salad'
  description: string;
}

export const SEED_MENU_ITEMS: readonly SeedMenuItem[] = [
  // Pizza
  {
    name: 'Margherita Napoletana',
    priceCents: 1050,
    quantity: 24,
    image: '/images/menu/margherita-napoletana.svg',
    category: 'pizza',
    description:
      'The Neapolitan classic: San Marzano tomato sauce, creamy fior di latte, fresh basil and a drizzle of olive oil on a blistered, wood-fired crust.',
  },
  {
    name: 'Pepperoni Classic',
    priceCents: 1350,
    quantity: 40,
    image: '/images/menu/pepperoni-classic.svg',
    category: 'pizza',
    description:
      'Generous layers of spicy pepperoni that crisp into little cups over bubbling mozzarella and our slow-cooked tomato sauce. A crowd favourite, every time.',
  },
  {
    name: 'Smoky BBQ Chicken',
    priceCents: 1490,
    quantity: 18,
    image: '/images/menu/smoky-bbq-chicken.svg',
    category: 'pizza',
    description:
      'Tender grilled chicken, sweet red onion and melted mozzarella on a hickory barbecue base, finished with a tangy BBQ drizzle and a pinch of fresh parsley.',
  },
  {
    name: 'Truffle Mushroom',
    priceCents: 1890,
    quantity: 9,
    image: '/images/menu/truffle-mushroom.svg',
    category: 'pizza',
    description:
      'A silky white cream base topped with roasted mushrooms, shaved black truffle, mozzarella and peppery rocket. Earthy, rich and worth every single bite.',
  },
  {
    name: 'Four Seasons',
    priceCents: 1590,
    quantity: 0,
    image: '/images/menu/four-seasons.svg',
    category: 'pizza',
    description:
      'Four pizzas in one: mushrooms for spring, ham for summer, artichokes for autumn and black olives for winter, all on tomato sauce and golden mozzarella.',
  },
  {
    name: 'Quattro Formaggi',
    priceCents: 1650,
    quantity: 14,
    image: '/images/menu/quattro-formaggi.svg',
    category: 'pizza',
    description:
      'For true cheese lovers: stretchy mozzarella, tangy gorgonzola, buttery fontina and aged parmesan melted together on a crisp base with a hint of oregano.',
  },
  {
    name: 'Hawaiian Sunshine',
    priceCents: 1290,
    quantity: 22,
    image: '/images/menu/hawaiian-sunshine.svg',
    category: 'pizza',
    description:
      'Sweet caramelised pineapple and smoky ham on tomato sauce and mozzarella. A sunny, juicy combination that turns even the greyest day into a holiday.',
  },
  {
    name: 'Veggie Garden',
    priceCents: 1150,
    quantity: 27,
    image: '/images/menu/veggie-garden.svg',
    category: 'pizza',
    description:
      'A colourful harvest of roasted peppers, cherry tomatoes, red onion and black olives over tomato sauce and mozzarella. Fresh, bright and fully vegetarian.',
  },
  {
    name: 'Spicy Diavola',
    priceCents: 1450,
    quantity: 31,
    image: '/images/menu/spicy-diavola.svg',
    category: 'pizza',
    description:
      'Fiery Calabrian salami, sliced red chillies and oregano on a rich tomato base with bubbling mozzarella. Bold and hot, best enjoyed with a cold drink.',
  },
  {
    name: 'Pesto Prosciutto',
    priceCents: 1750,
    quantity: 12,
    image: '/images/menu/pesto-prosciutto.svg',
    category: 'pizza',
    description:
      'Fragrant basil pesto and creamy mozzarella, topped after baking with delicate ribbons of prosciutto crudo and a handful of fresh, peppery wild rocket.',
  },
  // Burgers
  {
    name: 'Double Cheese Smash Burger',
    priceCents: 1290,
    quantity: 35,
    image: '/images/menu/double-cheese-smash-burger.svg',
    category: 'burger',
    description:
      'Two crispy-edged smashed beef patties, each under a blanket of melted cheddar, with pickles, onion and our house sauce in a toasted sesame bun.',
  },
  {
    name: 'Classic Beef Burger',
    priceCents: 990,
    quantity: 50,
    image: '/images/menu/classic-beef-burger.svg',
    category: 'burger',
    description:
      'A juicy, flame-grilled beef patty with crisp lettuce, ripe tomato and red onion in a soft sesame bun. Simple, honest and exactly how a burger should be.',
  },
  {
    name: 'Crispy Chicken Burger',
    priceCents: 1050,
    quantity: 28,
    image: '/images/menu/crispy-chicken-burger.svg',
    category: 'burger',
    description:
      'Buttermilk-marinated chicken thigh fried until golden and crunchy, with garlic mayo, pickles and shredded lettuce in a glossy toasted brioche bun.',
  },
  {
    name: 'Bacon Ranch Burger',
    priceCents: 1350,
    quantity: 16,
    image: '/images/menu/bacon-ranch-burger.svg',
    category: 'burger',
    description:
      'Beef patty topped with aged cheddar, two rashers of crispy smoked bacon, cool herby ranch dressing and crunchy lettuce, all stacked high in a sesame bun.',
  },
  {
    name: 'Mushroom Swiss Burger',
    priceCents: 1190,
    quantity: 11,
    image: '/images/menu/mushroom-swiss-burger.svg',
    category: 'burger',
    description:
      'A grilled beef patty under melted Swiss cheese and a heap of garlic-butter sauteed mushrooms, with fresh lettuce, served in a dark toasted brioche bun.',
  },
  {
    name: 'Veggie Bean Burger',
    priceCents: 790,
    quantity: 20,
    image: '/images/menu/veggie-bean-burger.svg',
    category: 'burger',
    description:
      'A smoky spiced black bean and sweetcorn patty with creamy avocado, tomato and lettuce in a wholegrain oat bun. Hearty, satisfying and fully plant-based.',
  },
  // Salads
  {
    name: 'Caesar Salad',
    priceCents: 890,
    quantity: 25,
    image: '/images/menu/caesar-salad.svg',
    category: 'salad',
    description:
      'Crisp romaine hearts tossed in a creamy, garlicky Caesar dressing with golden sourdough croutons, shaved parmesan, cracked pepper and a wedge of lemon.',
  },
  {
    name: 'Greek Village Salad',
    priceCents: 850,
    quantity: 19,
    image: '/images/menu/greek-village-salad.svg',
    category: 'salad',
    description:
      'Juicy tomatoes, cool cucumber, red onion and kalamata olives with a generous slab of creamy feta, dressed in extra virgin olive oil and dried oregano.',
  },
  {
    name: 'Caprese Salad',
    priceCents: 790,
    quantity: 13,
    image: '/images/menu/caprese-salad.svg',
    category: 'salad',
    description:
      'Slices of sun-ripened tomato layered with soft fresh mozzarella and fragrant basil leaves, finished with sweet balsamic glaze and golden olive oil.',
  },
  {
    name: 'Quinoa Avocado Bowl',
    priceCents: 1190,
    quantity: 8,
    image: '/images/menu/quinoa-avocado-bowl.svg',
    category: 'salad',
    description:
      'Fluffy quinoa with ripe avocado, roasted chickpeas, sweet corn, cherry tomatoes and baby spinach, brought together with a zesty lemon and tahini dressing.',
  },
  {
    name: 'Garden Green Salad',
    priceCents: 650,
    quantity: 33,
    image: '/images/menu/garden-green-salad.svg',
    category: 'salad',
    description:
      'A crunchy mix of garden leaves and radicchio with cucumber, radish, carrot ribbons and cherry tomatoes, tossed in a light honey and mustard vinaigrette.',
  },
  {
    name: 'Tuna Nicoise Salad',
    priceCents: 1150,
    quantity: 7,
    image: '/images/menu/tuna-nicoise-salad.svg',
    category: 'salad',
    description:
      'Seared tuna with soft-boiled eggs, green beans, baby potatoes, cherry tomatoes and black olives on crisp leaves, with a classic Dijon herb dressing.',
  },
  // Deserts
  {
    name: 'New York Cheesecake',
    priceCents: 690,
    quantity: 15,
    image: '/images/menu/new-york-cheesecake.svg',
    category: 'desert',
    description:
      'A tall, velvety baked cheesecake on a buttery biscuit base, crowned with glossy red berry compote, fresh strawberries and a scattering of blueberries.',
  },
  {
    name: 'Classic Tiramisu',
    priceCents: 750,
    quantity: 10,
    image: '/images/menu/classic-tiramisu.svg',
    category: 'desert',
    description:
      'Layers of espresso-soaked ladyfingers and light mascarpone cream, dusted with bitter cocoa. Made fresh every morning to the family recipe from Treviso.',
  },
  {
    name: 'Chocolate Lava Cake',
    priceCents: 890,
    quantity: 1,
    image: '/images/menu/chocolate-lava-cake.svg',
    category: 'desert',
    description:
      'A warm dark chocolate cake with a molten, gooey centre that flows out at the first spoonful, served with fresh raspberries and a dusting of icing sugar.',
  },
  {
    name: 'Panna Cotta Berry',
    priceCents: 590,
    quantity: 6,
    image: '/images/menu/panna-cotta-berry.svg',
    category: 'desert',
    description:
      'Silky vanilla bean panna cotta with a gentle wobble, topped with a tart red berry coulis, plump blueberries, a fresh raspberry and a sprig of mint.',
  },
  {
    name: 'Cannoli Siciliani',
    priceCents: 450,
    quantity: 21,
    image: '/images/menu/cannoli-siciliani.svg',
    category: 'desert',
    description:
      'Two crisp, golden pastry shells piped to order with sweet sheep ricotta, then dipped in chopped pistachios and dark chocolate chips and dusted with sugar.',
  },
  // Drinks
  {
    name: 'Fresh Lemonade',
    priceCents: 350,
    quantity: 45,
    image: '/images/menu/fresh-lemonade.svg',
    category: 'drink',
    description:
      'Freshly squeezed lemons shaken with a touch of cane sugar, cold water and crushed mint, poured over plenty of ice. Sharp, sweet and wonderfully refreshing.',
  },
  {
    name: 'Classic Cola',
    priceCents: 199,
    quantity: 60,
    image: '/images/menu/classic-cola.svg',
    category: 'drink',
    description:
      'An ice-cold glass of fizzy cola served over clinking ice cubes with a slice of lemon. The perfect bubbly partner for a hot slice of pizza or a burger.',
  },
  {
    name: 'Iced Peach Tea',
    priceCents: 299,
    quantity: 38,
    image: '/images/menu/iced-peach-tea.svg',
    category: 'drink',
    description:
      'Black tea brewed in-house and chilled with ripe peach puree, fresh peach slices and a sprig of mint. Lightly sweet, fruity and perfect for sunny days.',
  },
  {
    name: 'Orange Juice',
    priceCents: 399,
    quantity: 30,
    image: '/images/menu/orange-juice.svg',
    category: 'drink',
    description:
      'A tall glass of juice squeezed to order from sweet, sun-ripened oranges, with all the pulp and none of the additives. Bright, zesty and full of vitamins.',
  },
  {
    name: 'Strawberry Milkshake',
    priceCents: 450,
    quantity: 17,
    image: '/images/menu/strawberry-milkshake.svg',
    category: 'drink',
    description:
      'Thick and creamy shake blended from vanilla ice cream and fresh strawberries, topped with a swirl of whipped cream, strawberry sauce and a whole berry.',
  },
];

// The options each seeded item is offered with (server/db/seed/item-options.ts): by category, so the 32
// items show them at once. Every required group has a default of delta 0, so an item added without
// choices (the spec's body, a Menu card's Add) costs the menu's price.

export interface SeedChoice {
  name: string;
  priceDeltaCents: number;
  isDefault: boolean;
}

export interface SeedOptionGroup {
  name: string;
  required: boolean;
  minChoices: number;
  maxChoices: number;
  choices: readonly SeedChoice[];
}

/** A choice as the groups below list it: its name, what it adds in cents, and whether it is a default. */
type ChoiceRow = readonly [name: string, priceDeltaCents: number, isDefault?: boolean];

const choicesOf = (rows: readonly ChoiceRow[]): SeedChoice[] =>
  rows.map(([name, priceDeltaCents, isDefault = false]) => ({ name, priceDeltaCents, isDefault }));

/** A group that takes exactly one of its choices (radio buttons). */
export const exactlyOne = (name: string, rows: readonly ChoiceRow[]): SeedOptionGroup => ({
  name,
  required: true,
  minChoices: 1,
  maxChoices: 1,
  choices: choicesOf(rows),
});

/** A group that may take none, or up to `max` of its choices. */
export const upTo = (name: string, max: number, rows: readonly ChoiceRow[]): SeedOptionGroup => ({
  name,
  required: false,
  minChoices: 0,
  maxChoices: max,
  choices: choicesOf(rows),
});

const PIZZA_OPTIONS = [
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
  upTo('Extra toppings', 5, [
    ['Olives', 100],
    ['Jalapeños', 100],
    ['Mushrooms', 120],
    ['Red onion', 80],
    ['Extra mozzarella', 150],
    ['Pepperoni', 180],
    ['Rocket', 90],
    ['Anchovies', 150],
  ]),
];

const BURGER_OPTIONS = [
  upTo('Extras', 4, [
    ['Cheddar slice', 90],
    ['Smoked bacon', 150],
    ['Fried egg', 100],
    ['Avocado', 130],
    ['Jalapeños', 70],
    ['Extra patty', 300],
  ]),
  upTo('Side', 1, [
    ['Fries', 250],
    ['Sweet potato fries', 300],
    ['Side salad', 250],
  ]),
];

const SALAD_OPTIONS = [
  upTo('Add protein', 2, [
    ['Grilled chicken', 300],
    ['Prawns', 400],
    ['Halloumi', 300],
    ['Boiled egg', 100],
  ]),
  exactlyOne('Dressing', [
    ['On the salad', 0, true],
    ['On the side', 0],
  ]),
];

const DESERT_OPTIONS = [
  upTo('Add on', 2, [
    ['Scoop of vanilla ice cream', 150],
    ['Whipped cream', 80],
    ['Fresh berries', 120],
  ]),
];

const DRINK_OPTIONS = [
  exactlyOne('Size', [
    ['Small', -50],
    ['Regular', 0, true],
    ['Large', 100],
  ]),
  exactlyOne('Ice', [
    ['With ice', 0, true],
    ['No ice', 0],
  ]),
];

export const SEED_OPTIONS_BY_CATEGORY: Readonly<Record<ItemCategory, readonly SeedOptionGroup[]>> = {
  pizza: PIZZA_OPTIONS,
  burger: BURGER_OPTIONS,
  salad: SALAD_OPTIONS,
  desert: DESERT_OPTIONS,
  drink: DRINK_OPTIONS,
};
