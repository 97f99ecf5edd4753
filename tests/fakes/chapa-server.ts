/**
 * A local fake of Chapa for the tests: its HTTP API as the app calls it (initialize, verify, refund,
 * with the secret key as bearer token), a hosted checkout page that pays, declines or cancels and
 * sends the buyer back to `return_url`, Chapa's `callback_url` call, and webhooks signed like
 * Chapa's (`x-chapa-signature`: hex HMAC-SHA256 of the raw body with the dashboard's secret hash).
 * Nothing here reaches the network: it listens on 127.0.0.1.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeStatus = 'pending' | 'success' | 'failed' | 'cancelled';

export interface FakeTransaction {
  txRef: string;
  token: string;
  reference: string;
  amount: string;
  currency: string;
  email: string;
  firstName: string;
  lastName: string;
  callbackUrl: string | null;
  returnUrl: string | null;
  customization: Record<string, unknown>;
  status: FakeStatus;
  /** What verify reports as the amount (a test may tamper with it). */
  reportedAmount: string;
  refunds: { reference: string; amount: string; reason: string }[];
}

export interface FakeChapaOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where Chapa's dashboard says to send webhooks (the app's `/api/chapa/webhook`). */
  webhookUrl?: string;
  /** What the hosted page does after the buyer pays, before sending them back. */
  notifyOnPay?: { callback?: boolean; webhook?: boolean };
}

interface Recorded {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const failed = (message: unknown) => ({ message, status: 'failed', data: null });

export class FakeChapa {
  readonly transactions = new Map<string, FakeTransaction>();
  readonly requests: Recorded[] = [];
  /** Every webhook and callback the fake sent, with the app's answer status. */
  readonly notifications: { kind: 'webhook' | 'callback'; txRef: string; status: number }[] = [];
  /** Verify answers 500 while set (Chapa having a bad minute). */
  verifyFails = false;
  /** Whether the account may refund (Chapa answers refunds with a refusal otherwise). */
  refundsAllowed = true;
  /** Verify of the key answers with the details of the value's transaction (a swapped or replayed answer). */
  readonly verifyAnswersFor = new Map<string, string>();
  private server: http.Server | undefined;
  url = '';

  constructor(readonly options: FakeChapaOptions) {}

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        json(res, 500, failed(String(error)));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  transaction(txRef: string): FakeTransaction {
    const tx = this.transactions.get(txRef);
    if (!tx) throw new Error(`the fake Chapa knows no transaction ${txRef}`);
    return tx;
  }

  /** Chapa's own side of a payment: the buyer paid, was declined, or cancelled. */
  settle(txRef: string, status: FakeStatus): FakeTransaction {
    const tx = this.transaction(txRef);
    tx.status = status;
    return tx;
  }

  /** Makes verify report another amount than was initialized (a tampered payment). */
  tamper(txRef: string, amount: string): void {
    this.transaction(txRef).reportedAmount = amount;
  }

  /** Makes verify of `txRef` answer with the details of `otherTxRef` (its tx_ref, status and amount). */
  answerVerifyWith(txRef: string, otherTxRef: string): void {
    this.transaction(otherTxRef);
    this.verifyAnswersFor.set(txRef, otherTxRef);
  }

  sign(body: string, secret = this.options.webhookSecret): string {
    return createHmac('sha256', secret).update(body).digest('hex');
  }

  /**
   * The body Chapa posts to the webhook for a transaction's current state, or for `claim.status`
   * (a body that says more than Chapa's own record, as a forged or early event would).
   */
  webhookBody(txRef: string, claim: { status?: FakeStatus } = {}): string {
    const tx = { ...this.transaction(txRef), ...claim };
    const now = new Date().toISOString();
    return JSON.stringify({
      event: tx.status === 'success' ? 'charge.success' : `charge.${tx.status}`,
      first_name: tx.firstName,
      last_name: tx.lastName,
      email: tx.email,
      mobile: null,
      currency: tx.currency,
      amount: tx.reportedAmount,
      charge: (Number(tx.reportedAmount) * 0.035).toFixed(2),
      status: tx.status,
      failure_reason: tx.status === 'failed' ? 'Insufficient balance' : null,
      mode: 'test',
      reference: tx.reference,
      created_at: now,
      updated_at: now,
      type: 'API',
      tx_ref: tx.txRef,
      payment_method: 'telebirr',
      customization: tx.customization,
      meta: null,
    });
  }

  /** Posts a webhook to the app; `signature: null` leaves the header out. */
  async sendWebhook(txRef: string, options: { signature?: string | null; body?: string } = {}): Promise<Response> {
    if (!this.options.webhookUrl) throw new Error('the fake Chapa has no webhook URL');
    const body = options.body ?? this.webhookBody(txRef);
    const signature = options.signature === undefined ? this.sign(body) : options.signature;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== null) headers['x-chapa-signature'] = signature;
    const response = await fetch(this.options.webhookUrl, { method: 'POST', headers, body });
    this.notifications.push({ kind: 'webhook', txRef, status: response.status });
    return response;
  }

  /** Calls the transaction's `callback_url` as Chapa does (GET, with trx_ref, ref_id and status). */
  async callCallback(txRef: string): Promise<Response> {
    const tx = this.transaction(txRef);
    if (!tx.callbackUrl) throw new Error(`${txRef} has no callback_url`);
    const url = new URL(tx.callbackUrl);
    url.searchParams.set('trx_ref', tx.txRef);
    url.searchParams.set('ref_id', tx.reference);
    url.searchParams.set('status', tx.status);
    const response = await fetch(url);
    this.notifications.push({ kind: 'callback', txRef, status: response.status });
    return response;
  }

  private authorized(req: http.IncomingMessage): boolean {
    return req.headers.authorization === `Bearer ${this.options.secretKey}`;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const type = req.headers['content-type'] ?? '';
    let body: unknown = raw;
    if (type.startsWith('application/json') && raw) body = JSON.parse(raw);
    else if (type.startsWith('application/x-www-form-urlencoded')) body = Object.fromEntries(new URLSearchParams(raw));
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization ?? null, body });

    const api = url.pathname.startsWith('/v1/');
    if (api && !this.authorized(req)) return json(res, 401, failed("Invalid API Key or User doesn't exist"));

    if (req.method === 'POST' && url.pathname === '/v1/transaction/initialize') return this.initialize(res, body);
    const verify = /^\/v1\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) return this.verify(res, decodeURIComponent(verify[1]!));
    const refund = /^\/v1\/refund\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && refund) return this.refund(res, decodeURIComponent(refund[1]!), body);
    const page = /^\/checkout\/payment\/([\w-]+)(?:\/(pay|decline|cancel|back))?$/.exec(url.pathname);
    if (page) return this.hostedPage(req, res, page[1]!, page[2]);
    json(res, 404, failed('Not found'));
  }

  private initialize(res: http.ServerResponse, body: unknown): void {
    const b = (body ?? {}) as Record<string, unknown>;
    const problems: Record<string, string[]> = {};
    if (typeof b.amount !== 'string' || !/^\d+(\.\d{1,2})?$/.test(b.amount) || Number(b.amount) <= 0)
      problems.amount = ['The amount must be a number.'];
    if (b.currency !== 'ETB' && b.currency !== 'USD') problems.currency = ['The currency must be ETB or USD.'];
    if (typeof b.tx_ref !== 'string' || !/^[\w.-]{1,100}$/.test(b.tx_ref)) problems.tx_ref = ['The tx ref is invalid.'];
    if (Object.keys(problems).length > 0) return json(res, 400, failed(problems));
    const txRef = b.tx_ref as string;
    if (this.transactions.has(txRef)) return json(res, 400, failed('Transaction reference has been used before'));
    const token = randomBytes(9).toString('base64url');
    const customization = (b.customization ?? {}) as Record<string, unknown>;
    this.transactions.set(txRef, {
      txRef,
      token,
      reference: `AP${randomBytes(6).toString('hex')}`,
      amount: b.amount as string,
      currency: b.currency as string,
      email: String(b.email ?? ''),
      firstName: String(b.first_name ?? ''),
      lastName: String(b.last_name ?? ''),
      callbackUrl: typeof b.callback_url === 'string' ? b.callback_url : null,
      returnUrl: typeof b.return_url === 'string' ? b.return_url : null,
      customization,
      status: 'pending',
      reportedAmount: b.amount as string,
      refunds: [],
    });
    json(res, 200, { message: 'Hosted Link', status: 'success', data: { checkout_url: `${this.url}/checkout/payment/${token}` } });
  }

  private verify(res: http.ServerResponse, txRef: string): void {
    if (this.verifyFails) return json(res, 500, failed('Something went wrong'));
    if (!this.transactions.has(txRef)) return json(res, 404, failed('Invalid transaction or Transaction not found'));
    const tx = this.transaction(this.verifyAnswersFor.get(txRef) ?? txRef);
    const now = new Date().toISOString();
    json(res, 200, {
      message: 'Payment details',
      status: 'success',
      data: {
        first_name: tx.firstName,
        last_name: tx.lastName,
        email: tx.email,
        currency: tx.currency,
        amount: Number(tx.reportedAmount),
        charge: Number((Number(tx.reportedAmount) * 0.035).toFixed(2)),
        mode: 'test',
        method: 'telebirr',
        type: 'API',
        status: tx.status,
        reference: tx.reference,
        tx_ref: tx.txRef,
        customization: tx.customization,
        meta: null,
        created_at: now,
        updated_at: now,
      },
    });
  }

  private refund(res: http.ServerResponse, transaction: string, body: unknown): void {
    const tx = [...this.transactions.values()].find((t) => t.reference === transaction || t.txRef === transaction);
    if (!tx) return json(res, 404, failed('Transaction not found'));
    if (!this.refundsAllowed) return json(res, 403, failed('Refunds are not enabled for this account'));
    if (tx.status !== 'success') return json(res, 400, failed('Only successful transactions can be refunded'));
    const b = (body ?? {}) as Record<string, unknown>;
    const amount = typeof b.amount === 'string' ? b.amount : tx.amount;
    const reference = typeof b.reference === 'string' ? b.reference : randomBytes(6).toString('hex');
    if (tx.refunds.some((r) => r.reference === reference)) return json(res, 400, failed('Refund reference has been used before'));
    const refunded = tx.refunds.reduce((sum, r) => sum + Number(r.amount), 0);
    if (Number(amount) <= 0 || refunded + Number(amount) > Number(tx.amount))
      return json(res, 400, failed('The amount exceeds what can be refunded'));
    tx.refunds.push({ reference, amount, reason: String(b.reason ?? '') });
    json(res, 200, {
      message: 'Refund processed successfully',
      status: 'success',
      data: { merch_reference: reference, ref_id: tx.reference, amount, currency: tx.currency, status: 'refunded' },
    });
  }

  /** The hosted checkout page: pay (telebirr), decline, or cancel, then back to `return_url`. */
  private async hostedPage(req: http.IncomingMessage, res: http.ServerResponse, token: string, action: string | undefined): Promise<void> {
    const tx = [...this.transactions.values()].find((t) => t.token === token);
    if (!tx) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Chapa</title><h1>This payment link is not valid.</h1>');
      return;
    }
    if (req.method === 'POST' && action) {
      if (action === 'pay') tx.status = 'success';
      else if (action === 'decline') tx.status = 'failed';
      else if (action === 'cancel') tx.status = 'cancelled';
      if (action === 'pay') {
        if (this.options.notifyOnPay?.callback && tx.callbackUrl) await this.callCallback(tx.txRef);
        if (this.options.notifyOnPay?.webhook && this.options.webhookUrl) await this.sendWebhook(tx.txRef);
      }
      res.writeHead(302, { location: tx.returnUrl ?? this.url });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const title = String(tx.customization.title ?? 'Chapa');
    res.end(`<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Chapa checkout</title>
<h1>Pay ${tx.amount} ${tx.currency} to ${title}</h1>
<p data-description>${String(tx.customization.description ?? '')}</p>
<p>Test mode · ${tx.email}</p>
<form method="post" action="/checkout/payment/${token}/pay"><button>Pay with telebirr</button></form>
<form method="post" action="/checkout/payment/${token}/decline"><button>Decline</button></form>
<form method="post" action="/checkout/payment/${token}/cancel"><button>Cancel payment</button></form>
<form method="post" action="/checkout/payment/${token}/back"><button>Back to the shop without paying</button></form>
</html>`);
  }
}
