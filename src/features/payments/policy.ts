/**
 * Who may pay: starting a checkout needs an account (the order, the promotion and the payment
 * updates are its). A checkout is seen and paid only by the user who started it
 * (getOwnCheckoutSession: anyone else's is as good as missing).
 */
import { signedIn, type Viewer } from '#features/accounts/policy.ts';

export const mayStartCheckout = <U extends Viewer>(user: U): user is NonNullable<U> => signedIn(user);
