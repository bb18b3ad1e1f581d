export interface Chef {
  name: string;
  title: string;
  img: string;
}

export const CHEFS: readonly Chef[] = [
  { name: 'Marco Bellini', title: 'Head Pizzaiolo', img: '/images/chefs/chef-1.svg' },
  { name: 'Sofia Rahman', title: 'Executive Chef', img: '/images/chefs/chef-2.svg' },
  { name: 'Daniel Okafor', title: 'Grill Master', img: '/images/chefs/chef-3.svg' },
  { name: 'Aiko Tanaka', title: 'Pastry Chef', img: '/images/chefs/chef-4.svg' },
  { name: 'Luca Romano', title: 'Sous Chef', img: '/images/chefs/chef-5.svg' },
];
