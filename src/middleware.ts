/**
 * The middleware: one named step per concern, in the order they apply to a request
 * (src/platform/http/middleware/). Each step's work after `next()` runs on the way out, innermost
 * first: the page is read or rendered last, its headers are set from the inside out, and it is
 * kept in the page cache once every header is on it. Platform steps take what they need of the
 * features as parameters; this file wires them in.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sequence } from 'astro:middleware';
import { readyDatabase } from './platform/db/db.server.ts';
import { bootProcess } from './platform/process/boot.server.ts';
import { config } from './platform/config/config.server.ts';
import { answerFromCache } from './platform/cache/front-cache.server.ts';
import { currentUser as readUser } from './features/accounts/users.server.ts';
import { clerkFormOrigins } from './features/accounts/clerk.server.ts';
import { ADMINS_ONLY_PAGE, pageGuard } from './features/accounts/protected-pages.server.ts';
import { TELEGRAM_LINK_ORIGIN } from './features/accounts/telegram-login/telegram-login.ts';
import { mediaOrigin } from './features/media/media-urls.server.ts';
import { paymentFormOrigins } from './features/payments/payments.server.ts';
import { countFrontView, countPageView, viewedListing } from './features/listings/statistics/view-counting.server.ts';
import { finishGuestSaves } from './features/saved/guest-actions-step.server.ts';
import { observeRequest } from './platform/http/middleware/observe-request.server.ts';
import { refuseCrossSiteForms } from './platform/http/middleware/refuse-cross-site-forms.server.ts';
import { language } from './platform/http/middleware/language.server.ts';
import { countQueries } from './platform/http/middleware/count-queries.server.ts';
import { openDatabase } from './platform/http/middleware/open-database.server.ts';
import { requestClock } from './platform/http/middleware/request-clock.server.ts';
import { currentUser } from './platform/http/middleware/current-user.server.ts';
import { liteMode } from './platform/http/middleware/lite-mode.server.ts';
import { keepPublicPages } from './platform/http/middleware/keep-public-pages.server.ts';
import { varySaveData } from './platform/http/middleware/vary-save-data.server.ts';
import { contentLanguage } from './platform/http/middleware/content-language.server.ts';
import { securityHeaders } from './platform/http/middleware/security-headers.server.ts';
import { sessionState } from './platform/http/middleware/session-state.server.ts';
import { privatePages } from './platform/http/middleware/private-pages.server.ts';
import { pageCss } from './platform/http/middleware/page-css.server.ts';
import { keepSignedInPages } from './platform/http/middleware/keep-signed-in-pages.server.ts';
import { SHARED_COPY_ACCOUNT } from './features/accounts/shared-copy-account.ts';
import { sharedWhenSignedIn } from './features/listings/shared-pages.ts';
import { carriesGuestSaves, saveButtonParts } from './features/saved/own-parts.server.ts';
import { countViews } from './platform/http/middleware/count-views.server.ts';
import { guardPages } from './platform/http/middleware/guard-pages.server.ts';
import { renderPage } from './platform/http/middleware/render-page.server.ts';
import { pageCache } from './platform/http/middleware/page-store.server.ts';

/** Where forms may lead besides this site: the payment provider, t.me for "Continue with Telegram", Clerk. */
function formTargets(): string[] {
  const clerk = config().clerk;
  return [
    ...paymentFormOrigins(),
    ...(config().telegram ? [TELEGRAM_LINK_ORIGIN] : []),
    ...(clerk ? clerkFormOrigins(clerk.publishableKey) : []),
  ];
}

/** The listing form (/form, /am/form) may show a map: its tiles' origin is let in for images there only. */
function mapTiles(path: string): string | undefined {
  return /^(\/am)?\/form\/?$/.test(path) ? config().map.tileUrl : undefined;
}

// The process's boot and shutdown (seed, VACUUM (ANALYZE), background jobs), set up before the first request.
bootProcess();

export const onRequest = sequence(
  observeRequest,
  refuseCrossSiteForms,
  language,
  countQueries,
  openDatabase,
  requestClock,
  currentUser({ readUser }),
  liteMode,
  keepPublicPages({ viewedListing }),
  varySaveData,
  contentLanguage,
  securityHeaders({ formTargets, mediaOrigin, mapTiles }),
  sessionState,
  privatePages,
  countViews({ countPageView }),
  // Signed-in visitors of home, lists, search and deals: a shared copy with their own parts put in.
  keepSignedInPages({
    templateUser: SHARED_COPY_ACCOUNT,
    sharedWhenSignedIn,
    ownRequest: carriesGuestSaves,
    choosers: [saveButtonParts],
  }),
  pageCss,
  guardPages({ pageGuard, adminsOnlyPage: ADMINS_ONLY_PAGE }),
  // A guest's Save or saved search, and the deals kept on the phone, done once signed in (issue 30).
  finishGuestSaves,
  renderPage,
);

// Node's HTTP server (scripts/start.mjs) asks here first: a cached page is answered without Astro.
(globalThis as Record<symbol, unknown>)[Symbol.for('sefer.frontCache')] = (request: IncomingMessage, response: ServerResponse) =>
  readyDatabase() !== undefined && answerFromCache(pageCache(), request, response, { onView: countFrontView });
