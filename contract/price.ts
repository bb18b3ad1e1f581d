/**
 * The spec's price forms, chosen here once. Amounts arrive in taka with 2 decimals (the API's answers;
 * the database keeps integer cents). '$' on the menu's cards, the item page and Manage items; 'tk' in
 * the cart, at checkout and in a customer's orders; 'Tk' in the admin's orders and the staff's mail.
 */
export const menuPrice = (amount: number): string => `$${amount.toFixed(2)}`;
export const cartPrice = (amount: number): string => `${amount.toFixed(2)} tk`;
export const adminPrice = (amount: number): string => `Tk ${amount.toFixed(2)}`;
/** The navbar's cart total: the figure alone, as the spec draws it beside the count. */
export const barePrice = (amount: number): string => amount.toFixed(2);
