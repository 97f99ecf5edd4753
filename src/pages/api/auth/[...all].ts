import { accountFieldProblems } from '#features/accounts/account-fields.ts';
import { fail } from '#platform/http/result.ts';
import { AUTH_ATTEMPT_PATHS, authHeaders, getAuth, secureCookies } from '#features/accounts/auth.server.ts';
import { api, formValues, jsonError, refuse } from '#platform/http/http.server.ts';
import { config } from '#platform/config/config.server.ts';
import { clientAddressOf, countAuthAttempt, type AuthAttempt } from '#platform/http/rate-limit.server.ts';
import { PASSWORD_PAUSED_CODE, passwordPausedMessage, tooManyAttemptsMessage } from '#features/accounts/account-forms.server.ts';
import { telegramLoginEnabled } from '#features/accounts/telegram-login/login.server.ts';
import { m } from '#paraglide/messages.js';

/** Auth requests are small; anything bigger is refused while it streams. */
const MAX_BODY_BYTES = 1_000_000;

/**
 * better-auth's HTTP endpoints, for islands and outside clients (the pages call it directly).
 * Before better-auth sees a request: field caps, and the same per-account and per-address count
 * of password and code attempts the pages make. Our own texts are in the language of
 * Accept-Language; better-auth's answers are its own (English).
 */
export const ALL = api('auth', async (context) => {
  const { request, locals } = context;
  if (config().clerk) refuse(fail(404, m.auth_clerk_managed()));
  const auth = await getAuth(locals.db);
  const path = context.url.pathname.replace(/^\/api\/auth/, '').replace(/\/+$/, '') || '/';

  // better-auth reads the body itself: it is kept as bytes, and only looked into here.
  const bytes = request.body ? await readBounded(request.body, MAX_BODY_BYTES) : null;
  if (bytes === 'too large') refuse(fail(413, m.auth_too_large()));
  const body = bytes ? await accountFieldsOf(request.headers.get('content-type') ?? '', bytes) : null;

  const problems = accountFieldProblems(body);
  if (problems) refuse(fail(400, Object.values(problems)[0]![0]!, problems));

  const counted = request.method === 'POST' ? attemptOf(path, body) : undefined;
  let attempt: AuthAttempt | null = null;
  if (counted) {
    const claimed = typeof body?.email === 'string' ? body.email : null;
    // A Telegram account without an email counts as itself.
    const own = locals.user ? locals.user.email || `user:${locals.user.id}` : null;
    const email = counted.account === 'session' ? own : (claimed ?? own);
    attempt = await countAuthAttempt(locals.db, counted.kind, { email, address: clientAddressOf(context) });
    if (!attempt.allowed) {
      // A sign-in refused by the account's own limit: another proof still lets its owner in.
      return path === '/sign-in/email' && attempt.accountLimited ? passwordPaused(attempt.retryAfter) : tooMany(attempt.retryAfter);
    }
  }

  const response = await auth.handler(
    new Request(request.url, { method: request.method, headers: authHeaders(context), body: bytes, signal: request.signal }),
  );
  if (attempt && (response.ok || (await isUnverifiedSignIn(response)))) await attempt.succeeded();
  if (response.status === 429) return tooMany(Number(response.headers.get('X-Retry-After')) || 60);
  secureCookies(response.headers, request);
  return response;
});

/**
 * What a POST counts as: the path's kind, except that a sign-in code sent through the shared
 * "send a code" endpoint counts as one (its own cap, see AUTH_LIMITS).
 */
function attemptOf(path: string, body: Record<string, unknown> | null): (typeof AUTH_ATTEMPT_PATHS)[string] | undefined {
  if (path === '/email-otp/send-verification-otp' && body?.type === 'sign-in') return { kind: 'signInEmail', account: 'body' };
  return AUTH_ATTEMPT_PATHS[path];
}

function tooMany(retryAfter: number): Response {
  const response = jsonError(429, tooManyAttemptsMessage(retryAfter));
  response.headers.set('Retry-After', String(retryAfter));
  return response;
}

/**
 * Wrong passwords have paused this account's password sign-in: the answer says how long, and which
 * other ways in still work now (an emailed sign-in code; Telegram where it is set up).
 */
function passwordPaused(retryAfter: number): Response {
  const otherWays: Record<string, unknown>[] = [
    {
      way: 'email-code',
      send: '/api/auth/email-otp/send-verification-otp',
      sendBody: { type: 'sign-in' },
      signIn: '/api/auth/sign-in/email-otp',
    },
  ];
  if (telegramLoginEnabled()) otherWays.push({ way: 'telegram', start: '/telegram/start' });
  return Response.json(
    { error: passwordPausedMessage(retryAfter), code: PASSWORD_PAUSED_CODE, otherWays },
    { status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(retryAfter) } },
  );
}

/** A right password for an account whose email is not confirmed yet (better-auth answers 403). */
async function isUnverifiedSignIn(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code === 'EMAIL_NOT_VERIFIED';
}

async function readBounded(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | 'too large'> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > max) return 'too large';
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The body as better-auth will read it (JSON or a form), to find the account it is about. */
async function accountFieldsOf(contentType: string, bytes: Uint8Array<ArrayBuffer>): Promise<Record<string, unknown> | null> {
  try {
    const type = contentType.toLowerCase();
    if (/^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
      const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
      return formValues(form);
    }
  } catch {
    // better-auth answers malformed bodies itself.
  }
  return null;
}
