/**
 * Chapa, the Ethiopian gateway (telebirr, CBE Birr, cards, bank transfers behind one hosted page).
 * Four calls of its HTTP API, with the secret key as a bearer token: initialize, verify, refund,
 * and the signed webhook it sends us. There is no official Node SDK; these are plain `fetch` calls
 * whose answers are read through zod, so an unexpected answer is an error, never a payment.
 *
 * Nothing is fulfilled on anyone's word but verify's: the buyer's return, Chapa's callback and the
 * webhook all end in {@link settleChapaCheckout}, which asks Chapa and fulfils (once) only a payment
 * that succeeded in Birr for the very amount of the checkout.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#db/client.ts';
import { checkoutSessions } from '#db/schema.ts';
import { localHref } from '#platform/i18n/locales.ts';
import { fail, ok, type Result } from '#platform/http/result.ts';
import type { ChapaConfig } from '#platform/config/config.server.ts';
import type { PaymentProvider } from './provider.ts';
import { getCheckoutSession, recordFailedPayment, type CheckoutSession } from '#features/payments/checkout-sessions.server.ts';
import { fulfilCheckout, type Fulfilment } from '#features/payments/fulfilment.server.ts';
import { logger } from '#platform/log/log.server.ts';

const log = logger('payments');

export const CHAPA_CURRENCY = 'ETB';
const TIMEOUT_MS = 20_000;

/** Chapa could not be asked (network, timeout, a 5xx or an answer we cannot read): try again later. */
export class ChapaUnavailable extends Error {
  override name = 'ChapaUnavailable';
}

interface Answer {
  status: number;
  body: unknown;
}

async function call(config: ChapaConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ChapaUnavailable(`${method} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.status >= 500) throw new ChapaUnavailable(`${method} ${path}: Chapa answered ${response.status}`);
  return { status: response.status, body: parsed };
}

/** What `POST /v1/transaction/initialize` is sent. */
export interface ChapaInitializeRequest {
  amount: string;
  currency: typeof CHAPA_CURRENCY;
  email?: string;
  first_name: string;
  last_name: string;
  tx_ref: string;
  callback_url: string;
  return_url: string;
  customization: { title: string; description: string };
}

const initializeAnswer = z.object({
  status: z.literal('success'),
  data: z.object({ checkout_url: z.url() }),
});

/** Starts a transaction on Chapa; answers its hosted checkout page. */
export async function initializeTransaction(config: ChapaConfig, request: ChapaInitializeRequest): Promise<string> {
  const answer = await call(config, 'POST', '/v1/transaction/initialize', request);
  const parsed = initializeAnswer.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) {
    throw new Error(`Chapa refused to initialize ${request.tx_ref} (${answer.status}): ${JSON.stringify(answer.body)}`);
  }
  return parsed.data.data.checkout_url;
}

const verifyAnswer = z.object({
  status: z.string(),
  data: z
    .object({
      status: z.string(),
      amount: z.union([z.number(), z.string()]),
      currency: z.string(),
      tx_ref: z.string(),
      reference: z.string().nullish(),
    })
    .nullish(),
});

/** Chapa's word on one transaction. */
export type ChapaVerdict =
  | { outcome: 'paid'; reference: string | null }
  /** Not finished yet, or not known to Chapa (the buyer has not been to the page). */
  | { outcome: 'pending' }
  | { outcome: 'failed'; status: string }
  /** Chapa says paid, but not the amount or the currency we asked for. */
  | { outcome: 'mismatch'; detail: string };

const PENDING = new Set(['pending', 'processing', 'ongoing', 'initiated']);

/** Santim, so "5200.00" and 5200 are the same amount. */
const santim = (amount: number | string) => Math.round(Number(amount) * 100);

/** `GET /v1/transaction/verify/{tx_ref}`, judged against what the checkout costs. */
export async function verifyTransaction(config: ChapaConfig, txRef: string, amountBirr: number): Promise<ChapaVerdict> {
  const answer = await call(config, 'GET', `/v1/transaction/verify/${encodeURIComponent(txRef)}`);
  const parsed = verifyAnswer.safeParse(answer.body);
  if (answer.status === 404 || (parsed.success && !parsed.data.data)) return { outcome: 'pending' };
  if (answer.status !== 200 || !parsed.success || !parsed.data.data) {
    throw new ChapaUnavailable(`verify ${txRef}: unexpected answer ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  const data = parsed.data.data;
  if (data.tx_ref !== txRef) return { outcome: 'mismatch', detail: `Chapa answered for tx_ref ${data.tx_ref}` };
  const status = data.status.toLowerCase();
  if (PENDING.has(status)) return { outcome: 'pending' };
  if (status !== 'success') return { outcome: 'failed', status };
  if (data.currency.toUpperCase() !== CHAPA_CURRENCY || santim(data.amount) !== amountBirr * 100) {
    return { outcome: 'mismatch', detail: `paid ${data.amount} ${data.currency}, expected ${amountBirr} ${CHAPA_CURRENCY}` };
  }
  return { outcome: 'paid', reference: data.reference ?? null };
}

const refundAnswer = z.object({ status: z.literal('success'), data: z.looseObject({}).nullish() });

/**
 * `POST /v1/refund/{reference}`: money back to what the buyer paid with. Answers false when Chapa
 * refuses (the account may not allow refunds, or the payment method cannot take one back); throws
 * {@link ChapaUnavailable} when Chapa could not be asked.
 */
export async function refundTransaction(
  config: ChapaConfig,
  transaction: string,
  request: { amountBirr: number; reason: string; reference: string },
): Promise<{ refunded: true; reference: string } | { refunded: false; why: string }> {
  const answer = await call(config, 'POST', `/v1/refund/${encodeURIComponent(transaction)}`, {
    amount: String(request.amountBirr),
    reason: request.reason,
    reference: request.reference,
    meta: { source: 'sefer' },
  });
  if (answer.status >= 200 && answer.status < 300 && refundAnswer.safeParse(answer.body).success) {
    return { refunded: true, reference: request.reference };
  }
  const message = (answer.body as { message?: unknown } | null)?.message;
  return { refunded: false, why: `${answer.status} ${typeof message === 'string' ? message : JSON.stringify(message ?? null)}` };
}

/** The hex HMAC-SHA256 of the raw body with the webhook secret, compared in constant time. */
export function isChapaSignature(rawBody: string, signature: string | null, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'));
}

/** What settling a checkout with Chapa came to. */
export type Settlement =
  { state: 'paid'; fulfilment: Fulfilment } | { state: 'waiting' } | { state: 'failed'; reason: string } | { state: 'unknown' };

/**
 * Asks Chapa about a checkout and acts on the answer, once however often it is asked: a paid one
 * is fulfilled (the idempotent fulfilment), a failed or cancelled one is marked so and recorded as
 * a payment update, anything else waits. A checkout already complete is answered as it is.
 */
export async function settleChapaCheckout(db: Database, config: ChapaConfig, txRef: string, now = new Date()): Promise<Settlement> {
  const session = await getCheckoutSession(db, txRef);
  if (!session || session.provider !== 'chapa') return { state: 'unknown' };
  if (session.status === 'complete') {
    const done = await fulfilCheckout(db, session.id, now);
    return done.ok ? { state: 'paid', fulfilment: done.value } : { state: 'failed', reason: done.error };
  }
  if (session.status === 'expired') return { state: 'failed', reason: 'expired' };
  const verdict = await verifyTransaction(config, session.id, session.amountBirr);
  switch (verdict.outcome) {
    case 'pending':
      return session.status === 'failed' ? { state: 'failed', reason: session.providerStatus ?? 'failed' } : { state: 'waiting' };
    case 'paid': {
      await db
        .update(checkoutSessions)
        .set({ providerReference: verdict.reference, providerStatus: 'success' })
        .where(eq(checkoutSessions.id, session.id));
      const done = await fulfilCheckout(db, session.id, now);
      return done.ok ? { state: 'paid', fulfilment: done.value } : { state: 'failed', reason: done.error };
    }
    case 'failed':
      await markFailed(db, session, verdict.status, now);
      return { state: 'failed', reason: verdict.status };
    case 'mismatch':
      log.error(`[chapa] ${session.id}: ${verdict.detail}; not fulfilled`);
      await markFailed(db, session, 'amount_mismatch', now);
      return { state: 'failed', reason: 'amount_mismatch' };
  }
}

/** An open checkout Chapa refused becomes `failed`, with one payment update saying so. */
async function markFailed(db: Database, session: CheckoutSession, providerStatus: string, now: Date): Promise<void> {
  const [marked] = await db
    .update(checkoutSessions)
    .set({ status: 'failed', providerStatus })
    .where(and(eq(checkoutSessions.id, session.id), inArray(checkoutSessions.status, ['open', 'failed'])))
    .returning({ id: checkoutSessions.id });
  if (marked) await recordFailedPayment(db, session, providerStatus, now);
}

export interface ChapaWebhookResult {
  status: 200 | 401 | 503;
  body: { received: boolean; error?: string; ignored?: string; state?: Settlement['state'] };
}

const webhookBody = z.looseObject({
  tx_ref: z.string().max(100).optional(),
  data: z.looseObject({ tx_ref: z.string().max(100).optional() }).optional(),
});

/**
 * `POST /api/chapa/webhook`: a missing or wrong `x-chapa-signature` is refused (401) before the body
 * is read; a signed event for a transaction we do not know is acknowledged and changes nothing;
 * any other is settled by asking Chapa. When Chapa cannot be asked, 503 makes it deliver again.
 */
export async function handleChapaWebhook(
  db: Database,
  config: ChapaConfig,
  rawBody: string,
  signature: string | null,
  now = new Date(),
): Promise<ChapaWebhookResult> {
  if (!isChapaSignature(rawBody, signature, config.webhookSecret)) {
    return { status: 401, body: { received: false, error: signature ? 'Invalid signature.' : 'Missing x-chapa-signature.' } };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return { status: 200, body: { received: true, ignored: 'not JSON' } };
  }
  const parsed = webhookBody.safeParse(json);
  const txRef = parsed.success ? (parsed.data.tx_ref ?? parsed.data.data?.tx_ref) : undefined;
  if (!txRef) return { status: 200, body: { received: true, ignored: 'no tx_ref' } };
  try {
    const settled = await settleChapaCheckout(db, config, txRef, now);
    if (settled.state === 'unknown') return { status: 200, body: { received: true, ignored: 'unknown tx_ref' } };
    return { status: 200, body: { received: true, state: settled.state } };
  } catch (error) {
    if (!(error instanceof ChapaUnavailable)) throw error;
    log.error(`[chapa] webhook for ${txRef}: ${error.message}`);
    return { status: 503, body: { received: false, error: 'Chapa could not be asked; deliver again later.' } };
  }
}

/** Chapa's callback names the transaction as `trx_ref` (and we add `tx_ref` to the URL ourselves). */
export function callbackTxRef(url: URL): string | null {
  const value = url.searchParams.get('tx_ref') ?? url.searchParams.get('trx_ref');
  return value && /^[\w.-]{1,100}$/.test(value) ? value : null;
}

/** Chapa allows letters, digits, spaces and `-_.` in the customization texts, the title up to 16. */
const chapaText = (text: string, max: number) =>
  text
    .replace(/[^\w .-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** The initialize request of a checkout: our id is the `tx_ref`, the amount is the database's. */
export function chapaInitializeRequest(checkout: Parameters<PaymentProvider['start']>[0], siteUrl: string): ChapaInitializeRequest {
  const [first, ...rest] = (checkout.customer.name || 'Sefer customer').trim().split(/\s+/);
  const promotions = checkout.lines.filter((l) => l.kind === 'promotion');
  const description =
    promotions.length > 0
      ? `Sefer promotion for ${promotions[0]!.days} days`
      : `Sefer order of ${checkout.lines.length} item${checkout.lines.length === 1 ? '' : 's'}`;
  return {
    amount: String(checkout.amountBirr),
    currency: CHAPA_CURRENCY,
    // A Telegram account may have no email yet: Chapa then asks the buyer on its page.
    ...(checkout.customer.email ? { email: checkout.customer.email } : {}),
    first_name: checkout.customer.firstName || first || 'Sefer',
    last_name: checkout.customer.lastName || rest.join(' ') || 'Customer',
    tx_ref: checkout.id,
    callback_url: `${siteUrl}/api/chapa/callback?tx_ref=${encodeURIComponent(checkout.id)}`,
    // Back in the buyer's language (the request's).
    return_url: `${siteUrl}${localHref(`/success?session_id=${encodeURIComponent(checkout.id)}`)}`,
    customization: { title: 'Sefer', description: chapaText(description, 50) },
  };
}

export function createChapaProvider(config: ChapaConfig, siteUrl: string): PaymentProvider {
  return {
    name: 'chapa',
    async start(checkout) {
      const url = await initializeTransaction(config, chapaInitializeRequest(checkout, siteUrl));
      return { providerSessionId: checkout.id, url };
    },
    async isPaid(session) {
      return (await verifyTransaction(config, session.id, session.amountBirr)).outcome === 'paid';
    },
  };
}

/** A refund of a Chapa payment: through Chapa when it takes it back, else null (the caller credits the wallet). */
export async function refundThroughChapa(
  config: ChapaConfig,
  session: Pick<CheckoutSession, 'id' | 'providerReference'>,
  request: { amountBirr: number; reason: string; reference: string },
): Promise<Result<string>> {
  try {
    const refunded = await refundTransaction(config, session.providerReference ?? session.id, request);
    if (refunded.refunded) return ok(refunded.reference);
    log.warn(`[chapa] refund ${request.reference} of ${session.id} refused: ${refunded.why}; crediting the wallet`);
    return fail(409, refunded.why);
  } catch (error) {
    if (!(error instanceof ChapaUnavailable)) throw error;
    log.warn(`[chapa] refund ${request.reference} of ${session.id}: ${error.message}; crediting the wallet`);
    return fail(502, error.message);
  }
}
