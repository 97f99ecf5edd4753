/**
 * A local fake of Clerk for the tests, one node:http server speaking three of Clerk's faces:
 *
 * - the Backend API as `@clerk/backend` calls it with the secret key as bearer token: the instance's
 *   JWKS (`/v1/jwks`), users (`/v1/users/:id`), sessions revoked (`/v1/sessions/:id/revoke`) and
 *   the handshake payload (`/v1/clients/handshake_payload?nonce=`);
 * - the Frontend API's handshake (`/v1/client/handshake`): it reads the browser's `__client`
 *   cookie and sends it back to `redirect_url` with `__clerk_handshake_nonce`, whose payload holds
 *   the cookie directives (`__session`, a fresh RS256 session token; `__client_uat`);
 * - the Account Portal's sign-in and sign-up pages (`/sign-in`, `/sign-up`), which sign a known user
 *   in by email and send the browser back to `redirect_url`.
 *
 * The Backend API listens on plain http (`url`, the app's CLERK_API_URL); the Frontend API and the
 * Account Portal on https with a certificate made for the run by `openssl` (`frontendUrl`: the
 * browser ignores its issuer), on the hosts the publishable key names, so the browser is sent there
 * by the app's own redirects. Cookies are set for the parent domain as Clerk's production instances
 * do (`clerk.<domain>` sets `__client_uat` for `<domain>`). Nothing here reaches the network: it
 * listens on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface FakeClerkUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  /** The first is the primary; none is a Clerk account made with a phone number or username only. */
  emails: string[];
}

interface FakeSession {
  id: string;
  userId: string;
  clientId: string;
  status: 'active' | 'revoked' | 'ended';
}

export interface FakeClerkOptions {
  secretKey: string;
  /** The Frontend API host (without the port the fake picks), e.g. `clerk.sefer.localhost`. */
  frontendApi: string;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const clerkError = (status: number, code: string, message: string) => ({
  errors: [{ code, message, long_message: message }],
  clerk_trace_id: randomBytes(8).toString('hex'),
  status,
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const cookiesOf = (req: http.IncomingMessage) =>
  new Map(
    (req.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim().split('='))
      .filter((pair) => pair[0])
      .map(([name, ...value]) => [name!, value.join('=')]),
  );

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakeClerk {
  readonly users = new Map<string, FakeClerkUser>();
  readonly sessions = new Map<string, FakeSession>();
  /** Every Backend API call: method and path (the JWKS fetch, users read, sessions revoked). */
  readonly backendCalls: { method: string; path: string; status: number }[] = [];
  /** The instance's signing key (its kid is in every session token's header). */
  readonly kid = `ins_${randomBytes(8).toString('hex')}`;
  /** How long a session token lives: Clerk's are 60 s. */
  tokenSeconds = 60;
  private readonly key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly nonces = new Map<string, string[]>();
  private server: http.Server | undefined;
  private secureServer: https.Server | undefined;
  /** The Backend API's origin (http). */
  url = '';
  /** The Frontend API's origin (https, on the host and port the publishable key encodes). */
  frontendUrl = '';

  readonly options: FakeClerkOptions;

  constructor(options: FakeClerkOptions) {
    this.options = options;
  }

  /** The Frontend API's host and port, as the publishable key encodes them. */
  get frontendHost(): string {
    return new URL(this.frontendUrl).host;
  }

  /** The publishable key of this instance (production: `pk_live_` + base64 of `host$`). */
  get publishableKey(): string {
    return `pk_live_${Buffer.from(`${this.frontendHost}$`).toString('base64')}`;
  }

  /** The domain the instance's cookies are set for (the Frontend API host without `clerk.`). */
  get cookieDomain(): string {
    return this.options.frontendApi.replace(/^clerk\./, '');
  }

  async start(): Promise<this> {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, clerkError(500, 'unexpected_error', String(error))));
    };
    this.server = http.createServer(handler);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.secureServer = https.createServer(this.certificate(), handler);
    await new Promise<void>((resolve) => this.secureServer!.listen(0, '127.0.0.1', resolve));
    this.frontendUrl = `https://${this.options.frontendApi}:${(this.secureServer.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const server of [this.server, this.secureServer]) {
      if (!server) continue;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  /** A self-signed certificate for the Frontend API and Account Portal hosts, made for this run. */
  private certificate(): { key: Buffer; cert: Buffer } {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-clerk-tls-'));
    const hosts = [this.options.frontendApi, this.options.frontendApi.replace(/^clerk\./, 'accounts.')];
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '2',
          '-subj',
          `/CN=${hosts[0]}`,
          '-addext',
          `subjectAltName=${hosts.map((h) => `DNS:${h}`).join(',')}`,
          '-keyout',
          path.join(dir, 'key.pem'),
          '-out',
          path.join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  addUser(user: Omit<FakeClerkUser, 'id'> & { id?: string }): FakeClerkUser {
    const made = { ...user, id: user.id ?? `user_${randomBytes(10).toString('hex')}` };
    this.users.set(made.id, made);
    return made;
  }

  /** A session of `user` on a new client, as after signing in on the Account Portal. */
  signIn(user: FakeClerkUser): FakeSession {
    const session: FakeSession = {
      id: `sess_${randomBytes(10).toString('hex')}`,
      userId: user.id,
      clientId: `client_${randomBytes(10).toString('hex')}`,
      status: 'active',
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /**
   * A session token as the Frontend API mints it. `secondsAgo` moves its issue time back (an
   * expired token when more than its lifetime); `key` signs it with another key under the
   * instance's kid (a forged token).
   */
  sessionToken(session: FakeSession, azp: string, options: { secondsAgo?: number; key?: KeyObject } = {}): string {
    const iat = Math.floor(Date.now() / 1000) - (options.secondsAgo ?? 0);
    const header = { alg: 'RS256', kid: this.kid, typ: 'JWT' };
    const payload = {
      azp,
      exp: iat + this.tokenSeconds,
      fva: [0, -1],
      iat,
      iss: this.frontendUrl,
      nbf: iat - 10,
      sid: session.id,
      sts: 'active',
      sub: session.userId,
      v: 2,
    };
    const signed = `${b64url(header)}.${b64url(payload)}`;
    const signature = createSign('RSA-SHA256')
      .update(signed)
      .sign(options.key ?? this.key.privateKey);
    return `${signed}.${signature.toString('base64url')}`;
  }

  /** The `__session` and `__client_uat` cookies of a session for a Playwright context on `appUrl`. */
  browserCookies(session: FakeSession, appUrl: string, options: Parameters<FakeClerk['sessionToken']>[2] = {}) {
    const token = this.sessionToken(session, new URL(appUrl).origin, options);
    const iat = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number };
    return [
      { name: '__session', value: token, url: appUrl },
      { name: '__client_uat', value: String(iat.iat), url: appUrl },
    ];
  }

  private bapiUser(user: FakeClerkUser) {
    const now = Date.now();
    const emails = user.emails.map((address, i) => ({
      object: 'email_address',
      id: `idn_${user.id}_${i}`,
      email_address: address,
      verification: { status: 'verified', strategy: 'email_code', attempts: 1, expire_at: null },
      linked_to: [],
    }));
    return {
      object: 'user',
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      image_url: `https://img.clerk.com/${user.id}`,
      has_image: false,
      primary_email_address_id: emails[0]?.id ?? null,
      primary_phone_number_id: null,
      primary_web3_wallet_id: null,
      password_enabled: true,
      two_factor_enabled: false,
      totp_enabled: false,
      backup_code_enabled: false,
      email_addresses: emails,
      phone_numbers: [],
      web3_wallets: [],
      external_accounts: [],
      public_metadata: {},
      private_metadata: {},
      unsafe_metadata: {},
      external_id: null,
      last_sign_in_at: now,
      banned: false,
      locked: false,
      created_at: now,
      updated_at: now,
      last_active_at: now,
    };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));

    if (url.pathname === '/v1/client/handshake') return this.handshake(req, res, url);
    if (url.pathname.startsWith('/v1/')) {
      const status = await this.backend(req, res, url);
      this.backendCalls.push({ method: req.method ?? 'GET', path: url.pathname, status });
      return;
    }
    const page = /^\/(sign-in|sign-up)$/.exec(url.pathname);
    if (page) return this.accountPortal(req, res, url, form);
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Clerk</title><h1>Not found</h1>');
  }

  /** The Backend API; answers with the status it sent. */
  private async backend(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<number> {
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      json(res, 401, clerkError(401, 'authentication_invalid', 'The provided Clerk Secret Key is invalid.'));
      return 401;
    }
    const { n, e } = this.key.publicKey.export({ format: 'jwk' });
    if (req.method === 'GET' && url.pathname === '/v1/jwks') {
      json(res, 200, { keys: [{ use: 'sig', kty: 'RSA', kid: this.kid, alg: 'RS256', n, e }] });
      return 200;
    }
    const user = /^\/v1\/users\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && user) {
      const found = this.users.get(user[1]!);
      if (!found) {
        json(res, 404, clerkError(404, 'resource_not_found', 'not found'));
        return 404;
      }
      json(res, 200, this.bapiUser(found));
      return 200;
    }
    const revoke = /^\/v1\/sessions\/([\w-]+)\/revoke$/.exec(url.pathname);
    if (req.method === 'POST' && revoke) {
      const session = this.sessions.get(revoke[1]!);
      if (!session) {
        json(res, 404, clerkError(404, 'resource_not_found', 'not found'));
        return 404;
      }
      session.status = 'revoked';
      json(res, 200, { object: 'session', id: session.id, client_id: session.clientId, user_id: session.userId, status: session.status });
      return 200;
    }
    if (req.method === 'GET' && url.pathname === '/v1/clients/handshake_payload') {
      const directives = this.nonces.get(url.searchParams.get('nonce') ?? '');
      if (!directives) {
        json(res, 404, clerkError(404, 'resource_not_found', 'not found'));
        return 404;
      }
      this.nonces.delete(url.searchParams.get('nonce')!);
      json(res, 200, { directives });
      return 200;
    }
    json(res, 404, clerkError(404, 'resource_not_found', 'not found'));
    return 404;
  }

  /** The client's cookie, set for the parent domain as the Frontend API does. */
  private clientCookies(session: FakeSession | null): string[] {
    const domain = `Domain=${this.cookieDomain}; Path=/; SameSite=Lax`;
    if (!session) return [`__client=; ${domain}; Max-Age=0; HttpOnly`, `__client_uat=0; ${domain}; Max-Age=315360000`];
    return [
      `__client=${session.clientId}; ${domain}; HttpOnly; Max-Age=315360000`,
      `__client_uat=${Math.floor(Date.now() / 1000)}; ${domain}; Max-Age=315360000`,
    ];
  }

  private activeSession(req: http.IncomingMessage): FakeSession | null {
    const clientId = cookiesOf(req).get('__client');
    return [...this.sessions.values()].find((s) => s.clientId === clientId && s.status === 'active') ?? null;
  }

  /** `/v1/client/handshake`: the client's session (or none) as cookie directives behind a nonce. */
  private handshake(req: http.IncomingMessage, res: http.ServerResponse, url: URL): void {
    const back = url.searchParams.get('redirect_url');
    if (!back || !/^https?:\/\//.test(back)) return json(res, 400, clerkError(400, 'form_param_missing', 'redirect_url is missing'));
    const redirect = new URL(back);
    const session = this.activeSession(req);
    const domain = `Domain=${this.cookieDomain}; Path=/; SameSite=Lax`;
    const directives = session
      ? [
          `__session=${this.sessionToken(session, redirect.origin)}; Path=/; SameSite=Lax`,
          `__client_uat=${Math.floor(Date.now() / 1000)}; ${domain}; Max-Age=315360000`,
        ]
      : ['__session=; Path=/; SameSite=Lax; Max-Age=0', `__client_uat=0; ${domain}; Max-Age=315360000`];
    const nonce = randomBytes(16).toString('hex');
    this.nonces.set(nonce, directives);
    redirect.searchParams.set('__clerk_handshake_nonce', nonce);
    res.writeHead(307, { location: redirect.href, 'cache-control': 'no-store' });
    res.end();
  }

  /** The Account Portal: an email signs a known user in on this browser, then back to `redirect_url`. */
  private accountPortal(req: http.IncomingMessage, res: http.ServerResponse, url: URL, form: URLSearchParams): void {
    const back = url.searchParams.get('redirect_url') ?? '';
    if (req.method === 'POST') {
      const email = (form.get('identifier') ?? '').trim().toLowerCase();
      const user = [...this.users.values()].find((u) => u.emails.some((e) => e.toLowerCase() === email) || u.username === email);
      if (!user) {
        res.writeHead(422, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Sign in</title><p role="alert">Couldn't find your account.</p>`);
        return;
      }
      res.writeHead(303, { location: back || `${this.frontendUrl}/`, 'set-cookie': this.clientCookies(this.signIn(user)) });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Sign in</title>
<h1>Sign in to Sefer</h1><p>Welcome back! Please sign in to continue</p>
<form method="post" action="${escapeHtml(url.pathname + url.search)}">
<label>Email address or username <input name="identifier"></label><button>Continue</button></form></html>`);
  }
}
