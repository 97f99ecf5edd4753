/**
 * Giving a buyer's money back, the one way for every refund: a payment made through Chapa goes back
 * through Chapa's refund API when Chapa takes it back; anything else (the test checkout, Stripe's
 * demo, a Chapa account without refunds, Chapa out of reach) is credited to the Sefer wallet by the
 * caller, under its own unique key, so it happens once.
 */
import type { RefundMethod } from '#db/schema.ts';
import { config } from '#platform/config/config.server.ts';
import type { CheckoutSession } from './checkout-sessions.server.ts';

export interface MoneyBack {
  method: RefundMethod;
  /** Chapa's refund reference when it went back through Chapa. */
  providerReference: string | null;
}

export async function payBack(
  session: Pick<CheckoutSession, 'id' | 'provider' | 'providerReference' | 'status'> | null,
  request: { amountBirr: number; reason: string; reference: string },
): Promise<MoneyBack> {
  const chapa = config().chapa;
  if (!chapa || session?.provider !== 'chapa' || session.status !== 'complete') return { method: 'wallet', providerReference: null };
  const { refundThroughChapa } = await import('./providers/chapa.server.ts');
  const refunded = await refundThroughChapa(chapa, session, request);
  return refunded.ok ? { method: 'chapa', providerReference: refunded.value } : { method: 'wallet', providerReference: null };
}
