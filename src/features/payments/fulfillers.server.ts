/**
 * What a paid checkout line becomes is not payments' business: the features that sell (shop's
 * products and plans, promotions) register a fulfiller for their kind of line at boot
 * (platform/process/fulfillers.server.ts), and payments prices a checkout request and fulfils a
 * paid checkout through them. So payments imports none of the things it sells.
 */
import type { Database } from '#db/client.ts';
import type { CheckoutLine, PromotionLine, ShopLine } from '#db/schema.ts';
import type { Result } from '#platform/http/result.ts';
import type { SessionUser } from '#features/accounts/auth.server.ts';
import type { LineKind } from './payment-messages.ts';

export type { LineKind } from './payment-messages.ts';

/** The transaction a fulfilment runs in. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A checkout request priced from the database: the lines the checkout records and their sum. */
export interface Priced {
  lines: CheckoutLine[];
  amountBirr: number;
}

/** The paid lines of one kind, for their fulfiller. */
export interface PaidLines<Line> {
  userId: string;
  checkoutSessionId: string;
  lines: Line[];
  now: Date;
}

type LineOf<K extends LineKind> = K extends 'promotion' ? PromotionLine : ShopLine;

export interface Fulfiller<Line = CheckoutLine> {
  /** Whether a checkout request asks for this kind (a request no fulfiller claims is the shop's: 'product'). */
  accepts?(body: unknown): boolean;
  /** Reads and prices a checkout request from the database (the client's prices are never used). */
  price?(db: Database, user: SessionUser, body: unknown, now: Date): Promise<Result<Priced>>;
  /**
   * Makes the paid lines real, inside the fulfilment's transaction, once per checkout (the claimed
   * session is the lock). Answers the order it made, when it makes one.
   */
  fulfil(tx: Transaction, paid: PaidLines<Line>): Promise<{ orderId: number } | void>;
  /**
   * The fulfiller notifies the buyer of what the payment made (a promotion's start names its
   * payment), so a checkout of only such lines gets no payment notice of its own.
   */
  tellsBuyer?: boolean;
}

const fulfillers = new Map<LineKind, Fulfiller>();

/** Registers (or replaces) what `kind` lines become when paid. */
export function registerFulfiller<K extends LineKind>(kind: K, fulfiller: Fulfiller<LineOf<K>>): void {
  fulfillers.set(kind, fulfiller as Fulfiller);
}

/** The fulfiller of `kind`; a missing one is a boot mistake, so it throws (the checkout stays unpaid). */
export function fulfillerOf(kind: LineKind): Fulfiller {
  const found = fulfillers.get(kind);
  if (!found) throw new Error(`[payments] no fulfiller registered for '${kind}' lines (platform/process/fulfillers.server.ts)`);
  return found;
}

/** Who prices a checkout request: the fulfiller that claims it, else the shop's products. */
export function pricerOf(body: unknown): Required<Pick<Fulfiller, 'price'>> {
  const claimed = [...fulfillers.values()].find((f) => f.price && f.accepts?.(body));
  const pricer = claimed ?? fulfillerOf('product');
  if (!pricer.price) throw new Error(`[payments] the 'product' fulfiller prices no checkout request`);
  return { price: pricer.price };
}
