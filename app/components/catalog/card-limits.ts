// The cuts cards make (spec section 2), in a module of their own so that a card importing one does not bring
// another card's code (the form card's bookmark toggle) into its page's JavaScript.

/** Spec section 2: form titles are cut at 30 characters on cards. */
export const FORM_TITLE_MAX = 30;
