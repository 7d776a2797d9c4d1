/** The cart's words (spec 8, 'Failed to create cart instance id', is the spec's own). */
export const CART_TEXTS = {
  /** spec 8: the cart instance call failed 3 times (spec 9). */
  instanceFailed: 'Failed to create cart instance id',
  /** Ours: an add-on asked for before any plan is in the cart (the orders service says the same). */
  planFirst: 'Please choose a plan first.',
  /** Ours: a quantity field out of range. */
  quantityRange: 'Please enter a quantity from 1 to 99.',
  /** Ours: the server refused without words of its own. */
  refused: 'Your cart could not be updated. Please try again.',
} as const
