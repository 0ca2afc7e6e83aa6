// The products feature's public face (decision 051): the organizer's panel on the event's
// ticket page and the buyer's choices on the ticket picker.
export { ProductChoices, type ChosenProduct } from './product-choices';
export { ProductsPanel } from './products-panel';
