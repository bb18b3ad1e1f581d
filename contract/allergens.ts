// Words in a customer's instructions the kitchen must not miss: the card and the printed ticket set
// them apart, so "no nuts, allergic" is read at arm's length in a rush.
const ALLERGY_WORDS = [
  'allerg\\w*',
  'anaphyla\\w*',
  'nuts?',
  'peanuts?',
  'almonds?',
  'cashews?',
  'walnuts?',
  'gluten',
  'coeliac',
  'celiac',
  'wheat',
  'dairy',
  'milk',
  'lactose',
  'cheese',
  'eggs?',
  'soy',
  'soya',
  'sesame',
  'shellfish',
  'prawns?',
  'shrimps?',
  'fish',
  'mustard',
  'celery',
  'vegan',
  'halal',
];
const ALLERGY = new RegExp(`\\b(${ALLERGY_WORDS.join('|')})\\b`, 'gi');

/** The text in pieces, every other one (the odd ones) an allergy word: 'No ', 'nuts', ', please'. */
export function allergyPieces(text: string): string[] {
  return text.split(ALLERGY);
}

export const hasAllergyWord = (text: string): boolean => allergyPieces(text).length > 1;
