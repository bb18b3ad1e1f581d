export interface SpecialityDish {
  name: string;
  description: string;
  price: number;
  img: string;
}

export const SPECIALITY: readonly SpecialityDish[] = [
  {
    name: 'Truffle Pizza',
    description: 'Wood-fired crust, fior di latte, wild mushrooms and a drizzle of black truffle oil.',
    price: 18.5,
    img: '/images/speciality/truffle-pizza.svg',
  },
  {
    name: 'Smoky BBQ Burger',
    description: 'Flame-grilled beef, aged cheddar, crispy onions and our house smoky barbecue sauce.',
    price: 12.9,
    img: '/images/speciality/smoky-bbq-burger.svg',
  },
  {
    name: 'Tiramisu',
    description: 'Espresso-soaked ladyfingers layered with mascarpone cream and a dusting of cocoa.',
    price: 7.5,
    img: '/images/speciality/tiramisu.svg',
  },
];
