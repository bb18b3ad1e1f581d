export interface Review {
  name: string;
  rating: 1 | 2 | 3 | 4 | 5;
  review_text: string;
}

export const REVIEWS: readonly Review[] = [
  {
    name: 'Nadia Hossain',
    rating: 5,
    review_text:
      'The crust is thin, blistered and still chewy in the middle, exactly how I like it. Our order arrived hot and ten minutes early.',
  },
  {
    name: 'James Carter',
    rating: 4,
    review_text:
      'Great smoky BBQ burger and generous fries. I would have liked a little more sauce, but I will definitely order again.',
  },
  {
    name: 'Priya Sen',
    rating: 5,
    review_text:
      'Best tiramisu in town, light and not too sweet. The staff remembered our names on our second visit.',
  },
  {
    name: 'Tomás García',
    rating: 3,
    review_text:
      'The pizza itself was delicious, though delivery took longer than promised on a busy Friday night.',
  },
  {
    name: 'Emily Walsh',
    rating: 4,
    review_text:
      'Fresh salads with real flavour and a tasty house dressing. A nice change from the usual takeaway options.',
  },
  {
    name: 'Rafiq Ahmed',
    rating: 5,
    review_text:
      'We booked a table for a birthday and the team made it special. The truffle pizza is worth every taka.',
  },
  {
    name: 'Hannah Müller',
    rating: 4,
    review_text:
      'Friendly service, cosy room and a wood-fired margherita that tastes like Naples. Parking is a bit tricky.',
  },
];
