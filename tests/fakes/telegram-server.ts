/**
 * A local fake of the Telegram Bot API for the tests: the methods the app calls, answered as
 * Telegram answers them (`{ ok, result }`, 401 for a wrong token, 404 for an unknown method),
 * Telegram's flood limits (30 sends in any second in all, about one a second per private chat,
 * 20 a minute per group or channel) answered with 429 and `retry_after`, 403 for a chat that
 * blocked the bot, and a record of every call. Tests control it in process or over HTTP
 * (`/__fake/...`, for a fake started as its own process). It listens on 127.0.0.1 unless told.
 *
 * Plain TypeScript that `node --experimental-strip-types` runs as is (no enums, no parameter
 * properties, relative imports with `.ts`), so Playwright can start it as its own process.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCall {
  method: string;
  /** The parameters as parsed: form fields holding JSON decoded, uploads as `{ file: {...} }`. */
  params: Record<string, unknown>;
  /** When the call arrived (Date.now()). */
  at: number;
  /** The HTTP status the fake answered. */
  status: number;
  /** `chat_id` as a string, when the call had one. */
  chatId?: string;
  /** A failure the test asked for with failNext (not a refusal the fake decided). */
  injected?: true;
}

/** An uploaded file as recorded in the parameters. */
export interface FakeUpload {
  file: { filename: string; type: string; size: number };
}

export interface FakeLimits {
  /** Sending calls allowed in any sliding 1000 ms over all chats. */
  globalPerSecond: number;
  /** Two sends to one private chat closer than this are a flood. */
  perChatMinGapMs: number;
  /** Sending calls allowed in any sliding minute per group or channel. */
  perGroupPerMinute: number;
}

export interface FakeTelegramOptions {
  port?: number;
  host?: string;
  token?: string;
  botUsername?: string;
  botId?: number;
  /** Telegram's limits unless changed; `false` turns flood refusals off. */
  limits?: Partial<FakeLimits> | false;
}

/** A file the bot can fetch: what `getFile` answers (the Bot API's File). */
export interface FakeFile {
  file_id: string;
  file_unique_id: string;
  file_size: number;
  file_path: string;
}

/** Bots may download files of at most 20 MB (Bot API, getFile). */
export const BOT_DOWNLOAD_LIMIT = 20 * 1024 * 1024;

export type FailNext = { status: 429; retryAfter: number } | { status: 500 };

export interface FakeWebhook {
  url: string;
  secret_token?: string;
  allowed_updates?: unknown;
}

export interface FakeTelegram {
  /** The apiRoot to give grammY (`client: { apiRoot: fake.url }`). */
  url: string;
  token: string;
  botUsername: string;
  calls(method?: string): FakeCall[];
  /** Delivered (200) sendMessage and sendPhoto calls, optionally to one chat. */
  sent(chatId?: string | number): FakeCall[];
  /** The flood refusals (429s the fake decided; failNext's are left out). */
  refused(): FakeCall[];
  /** Forgets the recorded calls; blocks, pending failures and the flood windows stay. */
  clear(): void;
  block(chatId: string | number): void;
  failNext(method: string, failure: FailNext): void;
  webhook(): FakeWebhook | null;
  queueUpdate(update: Record<string, unknown>): void;
  /**
   * Stores a file as if a person had sent it: its `file_id` goes in a photo, document or video of
   * an update; `getFile` then answers its path, and `/file/bot<token>/<path>` its bytes.
   */
  addFile(bytes: Uint8Array, name?: string): FakeFile;
  /**
   * A public chat `getChat('@username')` answers with its type. Without one, getChat answers as
   * Telegram does for people and unknown names (400 "chat not found"), except names ending in
   * "channel" or "deals" (channels) and "group" (supergroups): the channels tests configure.
   */
  addChat(username: string, type: FakePublicChat): void;
  close(): Promise<void>;
}

export type FakePublicChat = 'channel' | 'supergroup';

type Params = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
  /** Raw bytes instead of JSON (a file download). */
  bytes?: Uint8Array;
  injected?: true;
}

export const TELEGRAM_LIMITS: FakeLimits = { globalPerSecond: 30, perChatMinGapMs: 900, perGroupPerMinute: 20 };

const SENDING = new Set(['sendMessage', 'sendPhoto', 'sendMediaGroup', 'copyMessage', 'forwardMessage']);
const SENT = new Set(['sendMessage', 'sendPhoto']);
const PHOTO_SIZE = { width: 320, height: 240 };
const CONFLICT = "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";

const ok = (result: unknown): Reply => ({ status: 200, body: { ok: true, result } });

const failure = (status: number, description: string, parameters?: Params): Reply => ({
  status,
  body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
});

const tooMany = (seconds: number) => failure(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });

const isGroup = (chatId: string) => chatId.startsWith('-') || chatId.startsWith('@');

const isUpload = (value: unknown): value is FakeUpload => typeof value === 'object' && value !== null && 'file' in value;

const isRecord = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Form and query fields carry JSON for objects (reply_markup, media); everything else stays text. */
function parseField(value: string): unknown {
  if (!/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart or urlencoded body, with the uploads kept apart under their field names. */
async function readForm(body: Buffer, type: string): Promise<{ fields: Params; uploads: Map<string, FakeUpload> }> {
  const request = new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(body) });
  const fields: Params = {};
  const uploads = new Map<string, FakeUpload>();
  for (const [key, value] of await request.formData()) {
    if (typeof value === 'string') fields[key] = parseField(value);
    else uploads.set(key, { file: { filename: value.name, type: value.type, size: value.size } });
  }
  return { fields, uploads };
}

/** grammY uploads a file under a random field and names it elsewhere as `attach://<field>`. */
function attach(value: unknown, uploads: Map<string, FakeUpload>, used: Set<string>): unknown {
  if (typeof value === 'string' && value.startsWith('attach://')) {
    const field = value.slice('attach://'.length);
    const upload = uploads.get(field);
    if (!upload) return value;
    used.add(field);
    return upload;
  }
  if (Array.isArray(value)) return value.map((item) => attach(item, uploads, used));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, attach(item, uploads, used)]));
  return value;
}

/** The parameters of a call: the query string, then a JSON, urlencoded or multipart body. */
async function readParams(req: http.IncomingMessage, url: URL): Promise<Params> {
  const params: Params = {};
  for (const [key, value] of url.searchParams) params[key] = parseField(value);
  const body = await readBody(req);
  if (body.length === 0) return params;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (!isRecord(parsed)) throw new Error('the JSON body is not an object');
    return { ...params, ...parsed };
  }
  const { fields, uploads } = await readForm(body, type);
  const used = new Set<string>();
  const resolved = attach({ ...params, ...fields }, uploads, used) as Params;
  for (const [field, upload] of uploads) if (!used.has(field)) resolved[field] = upload;
  return resolved;
}

/** Telegram's flood control over the sends it delivered, in sliding windows. */
function floodGate(limits: FakeLimits | null) {
  let deliveries: { at: number; chatId: string }[] = [];
  return {
    /** 0 when the send may go, else the seconds to wait (Telegram's `retry_after`). */
    refuses(chatId: string, now: number): number {
      if (!limits) return 0;
      deliveries = deliveries.filter((d) => now - d.at < 60_000);
      if (deliveries.filter((d) => now - d.at < 1000).length >= limits.globalPerSecond) return 1;
      const same = deliveries.filter((d) => d.chatId === chatId);
      if (isGroup(chatId)) {
        if (same.length < limits.perGroupPerMinute) return 0;
        // Until the oldest send of the minute leaves the window.
        return Math.max(1, Math.ceil((same[0]!.at + 60_000 - now) / 1000));
      }
      return same.some((d) => now - d.at < limits.perChatMinGapMs) ? 1 : 0;
    },
    note(chatId: string, now: number): void {
      deliveries.push({ at: now, chatId });
    },
  };
}

/** A stable negative id for a channel named by its @username. */
function channelIdOf(username: string): number {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_000;
  return -(1_000_000_000_000 + hash);
}

/** A public channel or supergroup by its @username, as getChat answers it; null: "chat not found". */
function publicChatOf(chatId: string, added: Map<string, FakePublicChat>): Params | null {
  const username = chatId.slice(1);
  const name = username.toLowerCase();
  const type = added.get(name) ?? (/(channel|deals)$/.test(name) ? 'channel' : /group$/.test(name) ? 'supergroup' : null);
  return type ? { id: channelIdOf(`@${name}`), type, title: username, username } : null;
}

function chatOf(chatId: string): Params {
  if (chatId.startsWith('@')) return { id: channelIdOf(chatId), type: 'channel', title: chatId.slice(1), username: chatId.slice(1) };
  if (isGroup(chatId)) return { id: Number(chatId), type: 'channel', title: `Channel ${chatId}` };
  return { id: Number(chatId), type: 'private', first_name: 'Telegram user' };
}

/** The long-poll queue of getUpdates: confirmed by `offset`, woken early by a queued update. */
function updateQueue() {
  let updates: Params[] = [];
  const waiters = new Set<() => void>();
  const wake = () => [...waiters].forEach((done) => done());
  return {
    push(update: Params): void {
      updates.push(update);
      wake();
    },
    drop(): void {
      updates = [];
    },
    async take(params: Params): Promise<Params[]> {
      const offset = Number(params.offset) || 0;
      if (offset > 0) updates = updates.filter((u) => Number(u.update_id) >= offset);
      const seconds = Math.min(Math.max(Number(params.timeout) || 0, 0), 1);
      if (updates.length === 0 && seconds > 0) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, seconds * 1000);
          waiters.add(done);
        });
      }
      return updates.slice(0, Number(params.limit) || 100);
    },
    wake,
  };
}

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? '123456:TEST-token';
  const botUsername = options.botUsername ?? 'sefer_test_bot';
  const botId = options.botId ?? (Number(token.split(':')[0]) || 123456);
  const host = options.host ?? '127.0.0.1';
  const limits = options.limits === false ? null : { ...TELEGRAM_LIMITS, ...options.limits };
  const bot = { id: botId, is_bot: true, first_name: 'Sefer', username: botUsername };

  let calls: FakeCall[] = [];
  const blocked = new Set<string>();
  const received = new Map<string, { file: FakeFile; bytes: Uint8Array }>();
  const byPath = new Map<string, { file: FakeFile; bytes: Uint8Array }>();
  const failures = new Map<string, FailNext>();
  const publicChats = new Map<string, FakePublicChat>();
  const messageIds = new Map<string, number>();
  const fileIds = new Map<string, { uniqueId: string; size: number }>();
  const flood = floodGate(limits);
  const updates = updateQueue();
  let webhook: FakeWebhook | null = null;
  let files = 0;

  function message(chatId: string, params: Params, content: Params, messageId?: number): Params {
    const id = messageId ?? (messageIds.get(chatId) ?? 0) + 1;
    if (messageId === undefined) messageIds.set(chatId, id);
    return {
      message_id: id,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(chatId),
      from: bot,
      ...content,
      ...(params.reply_markup === undefined ? {} : { reply_markup: params.reply_markup }),
    };
  }

  /** An uploaded photo gets a new file_id; a file_id or URL is used as the file_id again. */
  function photoSizes(photo: unknown): Params[] {
    let fileId: string;
    if (isUpload(photo)) {
      files += 1;
      fileId = `photo-${files}`;
      fileIds.set(fileId, { uniqueId: `u${files}`, size: photo.file.size });
    } else {
      fileId = String(photo);
      if (!fileIds.has(fileId)) fileIds.set(fileId, { uniqueId: `u${++files}`, size: 0 });
    }
    const known = fileIds.get(fileId)!;
    return [{ file_id: fileId, file_unique_id: known.uniqueId, ...PHOTO_SIZE, file_size: known.size }];
  }

  function sendMessage(params: Params, chatId: string): Reply {
    if (typeof params.text !== 'string' || params.text.trim() === '') return failure(400, 'Bad Request: message text is empty');
    return ok(message(chatId, params, { text: params.text }));
  }

  function sendPhoto(params: Params, chatId: string): Reply {
    if (params.photo === undefined || params.photo === '') return failure(400, 'Bad Request: there is no photo in the request');
    return ok(message(chatId, params, { photo: photoSizes(params.photo), caption: params.caption }));
  }

  function sendMediaGroup(params: Params, chatId: string): Reply {
    const media = params.media;
    if (!Array.isArray(media) || media.length < 2 || media.length > 10) return failure(400, 'Bad Request: media must include 2-10 items');
    return ok(
      media.map((item: unknown) =>
        message(chatId, {}, { photo: photoSizes(isRecord(item) ? item.media : item), caption: isRecord(item) ? item.caption : undefined }),
      ),
    );
  }

  /** An inline message is edited in place (`true`); a chat's message comes back edited. */
  function edit(content: (params: Params) => Params) {
    return (params: Params, chatId: string): Reply => {
      if (params.inline_message_id !== undefined) return ok(true);
      if (params.message_id === undefined) return failure(400, 'Bad Request: message identifier is not specified');
      return ok({ ...message(chatId, params, content(params), Number(params.message_id)), edit_date: Math.floor(Date.now() / 1000) });
    };
  }

  function setWebhook(params: Params): Reply {
    const url = typeof params.url === 'string' ? params.url : '';
    webhook = url === '' ? null : { url, secret_token: params.secret_token as string | undefined, allowed_updates: params.allowed_updates };
    return ok(true);
  }

  function deleteWebhook(params: Params): Reply {
    webhook = null;
    if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') updates.drop();
    return ok(true);
  }

  async function getUpdates(params: Params): Promise<Reply> {
    if (webhook) return failure(409, CONFLICT);
    return ok(await updates.take(params));
  }

  const methods: Record<string, (params: Params, chatId: string) => Reply | Promise<Reply>> = {
    getMe: () => ok({ ...bot, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false }),
    setWebhook,
    deleteWebhook,
    getWebhookInfo: () =>
      ok({
        url: webhook?.url ?? '',
        has_custom_certificate: false,
        pending_update_count: 0,
        ...(webhook?.allowed_updates === undefined ? {} : { allowed_updates: webhook.allowed_updates }),
      }),
    setMyCommands: () => ok(true),
    getChat,
    getUpdates,
    sendMessage,
    sendPhoto,
    sendMediaGroup,
    copyMessage: (_params, chatId) => ok({ message_id: message(chatId, {}, {}).message_id }),
    forwardMessage: (params, chatId) => ok(message(chatId, params, {})),
    sendChatAction: () => ok(true),
    answerCallbackQuery: () => ok(true),
    editMessageText: edit((params) => ({ text: params.text })),
    editMessageCaption: edit((params) => ({ caption: params.caption })),
    editMessageReplyMarkup: edit(() => ({})),
    deleteMessage: () => ok(true),
    getFile,
  };

  /** A person's or an unknown @username is "chat not found": getChat answers only public chats by name. */
  function getChat(_params: Params, chatId: string): Reply {
    if (!chatId.startsWith('@')) return ok(chatOf(chatId));
    const chat = publicChatOf(chatId, publicChats);
    return chat ? ok(chat) : failure(400, 'Bad Request: chat not found');
  }

  function getFile(params: Params): Reply {
    const stored = typeof params.file_id === 'string' ? received.get(params.file_id) : undefined;
    if (!stored) return failure(400, 'Bad Request: invalid file_id');
    if (stored.file.file_size > BOT_DOWNLOAD_LIMIT) return failure(400, 'Bad Request: file is too big');
    return ok(stored.file);
  }

  /** `GET /file/bot<token>/<file_path>`: Telegram answers 404 for a wrong token or path alike. */
  function download(givenToken: string, filePath: string): Reply {
    const stored = givenToken === token ? byPath.get(filePath) : undefined;
    const reply = stored ? { status: 200, body: null, bytes: stored.bytes } : failure(404, 'Not Found');
    calls.push({ method: 'file', params: { file_path: filePath }, at: Date.now(), status: reply.status });
    return reply;
  }

  /** What stands between a call naming a chat and its answer: a bad chat, a block, a flood. */
  function refusal(method: string, chatId: string | undefined, at: number): Reply | null {
    if (chatId === undefined || chatId === '') return SENDING.has(method) ? failure(400, 'Bad Request: chat_id is empty') : null;
    if (!/^(-?\d+|@\w+)$/.test(chatId)) return failure(400, 'Bad Request: chat not found');
    if (blocked.has(chatId)) return failure(403, 'Forbidden: bot was blocked by the user');
    const wait = SENDING.has(method) ? flood.refuses(chatId, at) : 0;
    if (wait > 0) return tooMany(wait);
    return null;
  }

  async function call(method: string, params: Params, chatId: string | undefined, at: number): Promise<Reply> {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
    if (!handler) return failure(404, 'Not Found: method not found');
    const injected = failures.get(method);
    if (injected) {
      failures.delete(method);
      const reply = injected.status === 429 ? tooMany(injected.retryAfter) : failure(500, 'Internal Server Error');
      return { ...reply, injected: true };
    }
    const refused = refusal(method, chatId, at);
    if (refused) return refused;
    const reply = await handler(params, chatId ?? '');
    if (SENDING.has(method) && reply.status === 200) flood.note(chatId!, at);
    return reply;
  }

  async function api(req: http.IncomingMessage, url: URL, givenToken: string, method: string): Promise<Reply> {
    const at = Date.now();
    const params = await readParams(req, url).catch(() => null);
    const chatId = params?.chat_id === undefined ? undefined : String(params.chat_id);
    let reply: Reply;
    if (givenToken !== token) reply = failure(401, 'Unauthorized');
    else if (params === null) reply = failure(400, "Bad Request: can't parse request body");
    else reply = await call(method, params, chatId, at);
    calls.push({
      method,
      params: params ?? {},
      at,
      status: reply.status,
      ...(chatId === undefined ? {} : { chatId }),
      ...(reply.injected ? { injected: true as const } : {}),
    });
    return reply;
  }

  async function control(req: http.IncomingMessage, url: URL): Promise<Reply> {
    const body = req.method === 'POST' ? await readParams(req, new URL('http://fake.invalid/')) : {};
    const done = () => ok(true);
    switch (url.pathname.slice('/__fake/'.length)) {
      case 'health':
        return ok({ url: fake.url, botUsername });
      case 'calls':
        return { status: 200, body: fake.calls(url.searchParams.get('method') ?? undefined) };
      case 'sent':
        return { status: 200, body: fake.sent(url.searchParams.get('chat_id') ?? undefined) };
      case 'refused':
        return { status: 200, body: fake.refused() };
      case 'webhook':
        return { status: 200, body: fake.webhook() };
      case 'clear':
        fake.clear();
        return done();
      case 'block':
        fake.block(String(body.chat_id));
        return done();
      case 'fail-next':
        fake.failNext(
          String(body.method),
          Number(body.status) === 429 ? { status: 429, retryAfter: Number(body.retryAfter ?? 1) } : { status: 500 },
        );
        return done();
      case 'update':
        fake.queueUpdate(body);
        return done();
      case 'chat':
        fake.addChat(String(body.username), body.type === 'supergroup' ? 'supergroup' : 'channel');
        return done();
      case 'file':
        return ok(fake.addFile(Buffer.from(String(body.base64 ?? ''), 'base64'), typeof body.name === 'string' ? body.name : undefined));
      default:
        return failure(404, 'Not Found: no such control');
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const match = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(url.pathname);
    const file = /^\/file\/bot([^/]*)\/(.+)$/.exec(url.pathname);
    let reply: Reply;
    if (url.pathname.startsWith('/__fake/')) reply = await control(req, url);
    else if (file && req.method === 'GET') reply = download(decodeURIComponent(file[1]!), decodeURIComponent(file[2]!));
    else if (match) reply = await api(req, url, decodeURIComponent(match[1]!), match[2]!);
    else reply = failure(404, 'Not Found');
    if (res.destroyed) return;
    if (reply.bytes) {
      res.writeHead(reply.status, { 'content-type': 'application/octet-stream', 'content-length': reply.bytes.byteLength });
      res.end(reply.bytes);
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || res.destroyed) return;
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error_code: 500, description: String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const fake: FakeTelegram = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    token,
    botUsername,
    calls: (method) => calls.filter((c) => method === undefined || c.method === method),
    sent: (chatId) => calls.filter((c) => SENT.has(c.method) && c.status === 200 && (chatId === undefined || c.chatId === String(chatId))),
    refused: () => calls.filter((c) => c.status === 429 && !c.injected),
    clear: () => {
      calls = [];
    },
    block: (chatId) => void blocked.add(String(chatId)),
    failNext: (method, next) => void failures.set(method, next),
    webhook: () => webhook,
    queueUpdate: (update) => updates.push(update),
    addFile: (bytes, name = 'file') => {
      const n = ++files;
      const extension = /\.[A-Za-z0-9]+$/.exec(name)?.[0] ?? '';
      const file: FakeFile = {
        file_id: `AgAC-fake-${n}-${Math.random().toString(36).slice(2, 10)}`,
        file_unique_id: `AQAD-${n}`,
        file_size: bytes.byteLength,
        file_path: `documents/file_${n}${extension}`,
      };
      const stored = { file, bytes: new Uint8Array(bytes) };
      received.set(file.file_id, stored);
      byPath.set(file.file_path, stored);
      return file;
    },
    addChat: (username, type) => void publicChats.set(username.replace(/^@/, '').toLowerCase(), type),
    close: () =>
      new Promise<void>((resolve) => {
        updates.wake();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
