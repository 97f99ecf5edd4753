/*
 * Sefer's offline worker (issue 17, decision 23), served as /sw.js by src/pages/sw.js.ts. It only
 * answers page navigations, network first: the network is the truth, and a kept copy is shown when
 * the network fails, or says nothing for 8 s. It keeps the offline page of each language seen, the
 * last 30 public pages opened, and public copies of the visitor's saved deals. "Public" is the
 * server's word: a page is kept only when its answer says `Cache-Control: public` (cookie-free
 * pages of a visitor who is not signed in), so a signed-in page, a form's answer, a redirect or an
 * error is never kept. Every text and mark-up it adds comes from the kept offline page, in its
 * language. Images, styles and scripts are left to the browser's own cache. The saved deals are
 * forgotten as soon as a page says its visitor is signed out, however the session ended. What it
 * keeps are signed-out pages: online, it shows them only to a visitor it knows is signed out
 * (issue 30), so a sign-in never leaves the signed-out page on screen.
 */
'use strict';

/** The languages whose pages live under a prefix (/am/…); filled in by src/pages/sw.js.ts. */
const PREFIXES = ['__PREFIXES__'];
const SHELL = 'sefer-shell-v1';
const PAGES = 'sefer-pages-v1';
const SAVED = 'sefer-saved-v1';
const LIMIT = 30;
const PATIENCE_MS = 8000;
const PREFIX = `^/(?:(?:${PREFIXES.join('|')})/)?`;
/** Account, sign-in and one-off pages: never kept, whatever their headers say. */
const PRIVATE_PATH = new RegExp(
  `${PREFIX}(?:admin|admins-only|profile|myprofile|myposts|saved|pending-orders|completed-orders|subscriptions|refunds|wallet|payment-updates|success|checkout|report|login|signup|logout|welcome|forgot-password|add-email|notifications|form|chat|cancel|language|unsubscribe|renew|telegram|go|api|media|offline)(?:[/?]|$)`,
);
const SAVED_LIST = new RegExp(`${PREFIX}saved$`);
const SIGN_OUT = new RegExp(`${PREFIX}logout$`);
/** Every page says whether its visitor is signed in (SESSION_STATE_HEADER, src/platform/cache/front-cache.server.ts). */
const SESSION_STATE = 'x-sefer-session';
/** The readable state cookie, `in` while signed in (STATE_COOKIE, src/platform/cache/session-state.ts). */
const STATE_COOKIE = 'sefer_state';
/** Headers a kept page is answered with again (its policy and language included). */
const REPLAYED = [
  'content-type',
  'content-language',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
];

/** The page's language: its path prefix, or '' for the base language. */
function languageOf(pathname) {
  const first = pathname.split('/')[1];
  return PREFIXES.includes(first) ? first : '';
}

const offlinePath = (language) => (language ? `/${language}/offline` : '/offline');

/**
 * Whether the visitor's own answer says nobody is signed in: signed out through the menu, the API or
 * another tab, or a session that expired. Only answers to the visitor's requests (with cookies)
 * count, never the worker's own fetches without cookies.
 */
function signedOut(response) {
  return response.headers.get(SESSION_STATE) === 'signed-out';
}

/**
 * Whether the visitor is signed out as far as the worker can tell: the state cookie where the
 * browser lets a worker read cookies (`cookie`: its value, null without one, undefined when it
 * cannot be read), else what the last page said (`lastSeen`). Not knowing counts as signed in.
 */
function knownSignedOut(cookie, lastSeen) {
  return cookie === undefined ? lastSeen === 'signed-out' : cookie !== 'in';
}

/**
 * Whether a `304 Not Modified` may be answered with the kept copy: kept copies are signed-out
 * pages, so only a 304 that says it is one. Any other (a proxy's, one without the header) is asked
 * again without the validator.
 */
function keptStillFits(response) {
  return response.status === 304 && response.headers.get(SESSION_STATE) === 'signed-out';
}

/** Whether a network answer to a GET navigation of `url` may be kept and shown offline. */
function keepable(url, response) {
  const control = response.headers.get('cache-control') || '';
  return (
    response.status === 200 &&
    response.headers.get(SESSION_STATE) !== 'signed-in' &&
    response.type === 'basic' &&
    !response.redirected &&
    /\bpublic\b/.test(control) &&
    !/\b(private|no-store)\b/.test(control) &&
    /^text\/html/.test(response.headers.get('content-type') || '') &&
    !response.headers.has('set-cookie') &&
    !PRIVATE_PATH.test(url.pathname)
  );
}

const decodeHtml = (text) =>
  text.replace(/&(#\d+|amp|lt|gt|quot);/g, (all, code) =>
    code[0] === '#' ? String.fromCharCode(Number(code.slice(1))) : { amp: '&', lt: '<', gt: '>', quot: '"' }[code],
  );

/** The stored form of a page: its body, the headers to answer it with, when and what it was. */
function keptResponse(html, headers, keptAt) {
  const stored = new Headers({ 'x-sefer-kept-at': String(keptAt) });
  for (const name of REPLAYED) if (headers.has(name)) stored.set(name, headers.get(name));
  if (headers.has('etag')) stored.set('etag', headers.get('etag'));
  const title = /<title>([^<]*)<\/title>/.exec(html);
  stored.set('x-sefer-title', encodeURIComponent(title ? decodeHtml(title[1].trim()) : ''));
  return new Response(html, { headers: stored });
}

/** A kept page as the visitor gets it: without our bookkeeping headers. */
function answerOf(html, kept) {
  const headers = new Headers();
  for (const name of REPLAYED) if (kept.headers.has(name)) headers.set(name, kept.headers.get(name));
  return new Response(html, { headers });
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** `{name}` in a template of the offline page, filled with mark-up the caller made safe. */
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
const templateIn = (html, name) => (new RegExp(`<template data-offline-${name}>([\\s\\S]*?)</template>`).exec(html) || [])[1] || '';
const attributeIn = (html, name) => (new RegExp(`${name}="([^"]*)"`).exec(html) || [])[1];

/** When a page was kept, as the offline page's language writes it (Ethiopian calendar in Amharic). */
function keptTime(shell, keptAt) {
  try {
    return new Intl.DateTimeFormat(attributeIn(shell, 'data-offline-intl') || 'en', {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: attributeIn(shell, 'data-offline-zone'),
    }).format(keptAt);
  } catch {
    return new Date(keptAt).toISOString().slice(0, 16).replace('T', ' ');
  }
}

/** A kept page with the offline line, in the offline page's words, as the first thing in its body. */
function withOfflineLine(html, shell, keptAt) {
  const line = fill(templateIn(shell, 'line'), { time: escapeHtml(keptTime(shell, keptAt)) });
  return html.replace(/<body\b[^>]*>/, (body) => body + line);
}

/** The offline page with the kept pages listed, newest first (`pages` and `saved`: [{ url, title, keptAt }]). */
function offlinePageWith(shell, pages, saved) {
  const item = templateIn(shell, 'item');
  const list = (entries) =>
    entries
      .map((entry) =>
        fill(item, { href: escapeHtml(entry.url), title: escapeHtml(entry.title), time: escapeHtml(keptTime(shell, entry.keptAt)) }),
      )
      .join('');
  let html = shell;
  const reveal = (name) => (html = html.replace(`data-offline-${name} hidden`, `data-offline-${name}`));
  reveal('served');
  html = html.replace('data-offline-direct', 'data-offline-direct hidden');
  if (pages.length) reveal('pages');
  if (saved.length) reveal('saved');
  if (!pages.length && !saved.length) reveal('none');
  return html
    .replace(/<ul[^>]*data-offline-list="pages"[^>]*>/, (ul) => ul + list(pages))
    .replace(/<ul[^>]*data-offline-list="saved"[^>]*>/, (ul) => ul + list(saved));
}

/** The deals a /saved page links to (`/listings/<id>-<slug>`, in any language), each once. */
function savedDealLinks(html) {
  const links = [...html.matchAll(new RegExp(`href="(${PREFIX.slice(1)}listings/\\d+[^"?#]*)"`, 'g'))].map((match) => match[1]);
  return [...new Set(links)].slice(0, LIMIT);
}

// ── Caches ───────────────────────────────────────────────────────────────────────────────────────

const keyOf = (url) => url.origin + url.pathname + url.search;

async function keep(name, url, response, keptAt = Date.now()) {
  const cache = await caches.open(name);
  await cache.put(keyOf(url), keptResponse(await response.text(), response.headers, keptAt));
  const entries = await listed(name);
  for (const old of entries.slice(LIMIT)) await cache.delete(old.url);
}

/** Every kept page of a cache, newest first. */
async function listed(name) {
  const cache = await caches.open(name);
  const entries = [];
  for (const request of await cache.keys()) {
    const kept = await cache.match(request);
    if (!kept) continue;
    const url = new URL(request.url);
    const title = decodeURIComponent(kept.headers.get('x-sefer-title') || '') || url.pathname;
    entries.push({ url: url.pathname + url.search, title, keptAt: Number(kept.headers.get('x-sefer-kept-at')) || 0 });
  }
  return entries.sort((a, b) => b.keptAt - a.keptAt);
}

async function keptCopy(url) {
  for (const name of [PAGES, SAVED]) {
    const kept = await (await caches.open(name)).match(keyOf(url));
    if (kept) return { name, kept };
  }
  return undefined;
}

/** The offline page of `language`, fetched without cookies (the public one); kept once per language. */
async function storeShell(language, origin) {
  const url = new URL(offlinePath(language), origin);
  const response = await fetch(url, { credentials: 'omit' });
  if (response.status !== 200) return;
  await (await caches.open(SHELL)).put(keyOf(url), keptResponse(await response.text(), response.headers, Date.now()));
}

async function shellFor(language, origin) {
  const cache = await caches.open(SHELL);
  return (await cache.match(keyOf(new URL(offlinePath(language), origin)))) || (await cache.match(keyOf(new URL('/offline', origin))));
}

/** How many times the saved deals were forgotten: a copy still being fetched then is not kept. */
let forgotten = 0;

/** Forgets the saved deals: the next person on this phone must not see them. */
async function forgetSavedDeals() {
  forgotten++;
  await caches.delete(SAVED);
}

/** Public copies of the deals on a /saved page, fetched without cookies; the first page is the whole list. */
async function keepSavedDeals(url, html) {
  if (self.navigator.connection && self.navigator.connection.saveData) return;
  const started = forgotten;
  const links = savedDealLinks(html);
  const cache = await caches.open(SAVED);
  if (!url.searchParams.has('page')) {
    for (const request of await cache.keys()) if (!links.includes(new URL(request.url).pathname)) await cache.delete(request);
  }
  for (const link of links) {
    const target = new URL(link, url);
    const kept = await cache.match(keyOf(target));
    const etag = kept && kept.headers.get('etag');
    const response = await fetch(target, { credentials: 'omit', headers: etag ? { 'If-None-Match': etag } : {} });
    if (forgotten !== started) break;
    if (response.status === 304 && kept) await keep(SAVED, target, kept);
    else if (keepable(target, response)) await keep(SAVED, target, response);
  }
  // Signed out while these were fetched: what was kept meanwhile goes too.
  if (forgotten !== started) await caches.delete(SAVED);
}

// ── Navigations ──────────────────────────────────────────────────────────────────────────────────

/** What the last page the visitor was answered said of the session; forgotten when a form is sent or a redirect hides it. */
let lastSeen;

/** The state cookie's value (null without one), or undefined where a worker cannot read cookies. */
async function stateCookie() {
  try {
    if (!self.cookieStore) return undefined;
    const cookie = await self.cookieStore.get(STATE_COOKIE);
    return cookie ? cookie.value : null;
  } catch {
    return undefined;
  }
}

/**
 * Asks the network. With a kept copy that has a validator, asks conditionally (If-None-Match): an
 * unchanged page costs a 304 of a few hundred bytes and the kept body is shown, fresher.
 */
async function fromNetwork(event, url, found) {
  const etag = found && found.kept.headers.get('etag');
  const request = event.request;
  // Never the browser's own copy as it is: a worker's fetch honours stale-while-revalidate (pages
  // carried it before issue 30, and a browser may still hold them), so a seller who had just signed
  // in was shown the signed-out form again. `no-cache` asks the server every time (a 304 when unchanged).
  const ask = (cache, headers = {}) => fetch(url, { headers, redirect: 'manual', referrer: request.referrer, cache });
  let response = etag ? await ask('no-store', { 'If-None-Match': etag }) : await ask('no-cache');
  // Not a signed-out 304 (the visitor signed in, or a proxy answered): the whole page, no validator.
  if (response.status === 304 && !keptStillFits(response)) response = await ask('reload');
  // A redirect's headers cannot be read: the session may have changed (a sign-in link).
  lastSeen = response.headers.get(SESSION_STATE) || undefined;
  // Forgotten before the page is shown: the offline page can list them no longer.
  if (signedOut(response)) await forgetSavedDeals();
  if (response.status === 304 && found) {
    const html = await found.kept.clone().text();
    event.waitUntil(keep(found.name, url, found.kept.clone()));
    return answerOf(html, found.kept);
  }
  event.waitUntil(afterNetwork(url, response.clone()).catch(() => {}));
  return response;
}

async function afterNetwork(url, response) {
  const language = languageOf(url.pathname);
  if (!(await (await caches.open(SHELL)).match(keyOf(new URL(offlinePath(language), url.origin))))) await storeShell(language, url.origin);
  if (SAVED_LIST.test(url.pathname) && response.status === 200 && response.type === 'basic')
    await keepSavedDeals(url, await response.text());
  else if (keepable(url, response)) await keep(PAGES, url, response);
}

async function offlineAnswer(url, found) {
  const shell = await shellFor(languageOf(url.pathname), url.origin);
  const shellHtml = shell ? await shell.text() : '';
  if (found) {
    const keptAt = Number(found.kept.headers.get('x-sefer-kept-at'));
    return answerOf(withOfflineLine(await found.kept.clone().text(), shellHtml, keptAt), found.kept);
  }
  if (!shell) return Response.error();
  return answerOf(offlinePageWith(shellHtml, await listed(PAGES), await listed(SAVED)), shell);
}

async function navigate(event, url) {
  const found = PRIVATE_PATH.test(url.pathname) ? undefined : await keptCopy(url);
  const network = fromNetwork(event, url, found);
  // The network's answer is kept even when it comes after the kept copy was shown.
  event.waitUntil(network.catch(() => {}));
  const signedOutNow = found && knownSignedOut(await stateCookie(), lastSeen);
  // Without a kept copy, a slow network is still the only answer: wait for it. So it is for a
  // visitor who may be signed in: the kept copy is a signed-out page, shown only offline.
  const patience = signedOutNow && new Promise((resolve) => setTimeout(resolve, PATIENCE_MS, 'slow'));
  try {
    const answer = await (patience ? Promise.race([network, patience]) : network);
    if (answer !== 'slow') return answer;
  } catch {
    // Offline (or the connection dropped): the kept copy or the offline page below.
  }
  return offlineAnswer(url, found);
}

if (typeof self.skipWaiting === 'function') {
  self.addEventListener('install', (event) => {
    // Where the browser can route requests itself, only navigations wake the worker (images never do).
    try {
      event.waitUntil(
        event
          .addRoutes([
            { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
            { condition: { urlPattern: '*' }, source: 'network' },
          ])
          .catch(() => {}),
      );
    } catch {
      // No static routing here: the fetch handler lets every other request through.
    }
    const language = new URL(self.location.href).searchParams.get('lang') || '';
    event.waitUntil(storeShell(PREFIXES.includes(language) ? language : '', self.location.origin).then(() => self.skipWaiting()));
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys())
          if (name.startsWith('sefer-') && ![SHELL, PAGES, SAVED].includes(name)) await caches.delete(name);
        await self.clients.claim();
        // The page that registered the worker was loaded before it ran: keep it now (a revalidation).
        for (const client of await self.clients.matchAll({ type: 'window' })) {
          const url = new URL(client.url);
          if (url.origin !== self.location.origin || PRIVATE_PATH.test(url.pathname)) continue;
          const response = await fetch(url).catch(() => undefined);
          if (response && signedOut(response)) await forgetSavedDeals();
          if (response) await afterNetwork(url, response).catch(() => {});
        }
      })(),
    );
  });

  self.addEventListener('fetch', (event) => {
    const request = event.request;
    if (request.mode !== 'navigate') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    // Signing out forgets the saved deals: the next person on this phone must not see them.
    if (SIGN_OUT.test(url.pathname)) event.waitUntil(forgetSavedDeals());
    if (request.method !== 'GET') {
      // A form sent (a sign-in, a sign-out): the session may have changed.
      lastSeen = undefined;
      return;
    }
    event.respondWith(navigate(event, url));
  });
}
