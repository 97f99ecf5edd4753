/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's database (opened, migrated and seeded before the server is ready). */
    db: import('./db/client.ts').Database;
    /** The clock for this request; tests may pin it with SEFER_NOW. */
    now: Date;
    /** The signed-in user, from the session cookie; null for visitors. */
    user: import('./features/accounts/auth.server.ts').SessionUser | null;
    /** The page's language: from its path (/am/…), or for the API from Accept-Language. */
    locale: import('./platform/i18n/locales.ts').Locale;
    /**
     * Lite mode (src/platform/cache/lite-mode.ts): pages are text-first (no product photos in lists, one photo
     * on a detail page, no video), from `Save-Data: on` or the visitor's lite cookie.
     */
    lite: boolean;
    /**
     * Set when the page read a cookie while rendering (src/platform/http/page-cookies.server.ts): its
     * body is this visitor's, so it is answered `private` and never kept by the page cache.
     */
    cookieRead?: boolean;
    /**
     * Set while a page is rendered as the copy every signed-in visitor shares, for a made-up account
     * (keep-signed-in-pages.server.ts): a part that depends on the visitor renders each of its
     * variants, marked (src/platform/cache/own-parts.ts), and reads nothing of the visitor's.
     */
    pageTemplate?: boolean;
  }
}
