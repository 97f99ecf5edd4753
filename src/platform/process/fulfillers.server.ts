/**
 * What payments sells, imported for its registrations (registerFulfiller): the shop's products and
 * plans, and promotions. Payments imports none of them; they fill its registry from here. The boot
 * imports this module, and so does every test that starts or fulfils a checkout.
 */
import '#features/shop/fulfillers.server.ts';
import '#features/promotions/fulfillers.server.ts';
