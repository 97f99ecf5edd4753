// The offline worker (issue 17), registered once the page has loaded so it never competes with the
// first screen; a page it already controls needs nothing (the browser checks it for updates itself).
// In lite mode (data-lite) a one-page visit downloads nothing more: the worker waits for a second page of this site.
if (
  'serviceWorker' in navigator &&
  !navigator.serviceWorker.controller &&
  (document.currentScript.dataset.lite === undefined || document.referrer.startsWith(`${location.origin}/`))
) {
  const worker = `/sw.js?lang=${document.currentScript.dataset.lang}`;
  addEventListener('load', () => navigator.serviceWorker.register(worker).catch(() => {}));
}
