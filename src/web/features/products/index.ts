// The products feature's public face (decision 051): the organizer's panel on the event's
// ticket page, the buyer's choices on the ticket picker and the cart's add-on limits.
export { ProductChoices, type ChosenProduct } from './product-choices';
export { ProductsPanel } from './products-panel';
export { cartProductLimits } from './cart-limits';
export { productsQuery } from './api';
