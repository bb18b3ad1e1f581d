/** How to reach the restaurant: the navbar, the footer, the booking pages and their summary say it. */
export const RESTAURANT_PHONE = '+880 1700-000000';
export const RESTAURANT_ADDRESS = '12 Crust Lane, Dhaka 1205';
export const RESTAURANT_EMAIL = 'hello@pizzon.test';
