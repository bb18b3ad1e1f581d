export interface Chef {
  name: string;
  title: string;
  img: string;
}

// Each name and title fits the person drawn in the portrait (the picture's own <title> describes them).
export const CHEFS: readonly Chef[] = [
  { name: 'Marco Bellini', title: 'Head Pizzaiolo', img: '/images/chefs/chef-1.svg' },
  { name: 'Daniel Okafor', title: 'Grill Master', img: '/images/chefs/chef-2.svg' },
  { name: 'Sofia Rahman', title: 'Pastry Chef', img: '/images/chefs/chef-3.svg' },
  { name: 'Luca Romano', title: 'Sous Chef', img: '/images/chefs/chef-4.svg' },
  { name: 'Aiko Tanaka', title: 'Executive Chef', img: '/images/chefs/chef-5.svg' },
];
