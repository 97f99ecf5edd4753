// Signing in or out never leaves a page of the other state on screen (issue 30): a page the browser
// brings back from its back-forward cache, or from its history without asking the server, was
// rendered for the state before. The readable sefer_state cookie says the state now
// (src/platform/cache/session-state.ts); when they differ the page is fetched again (a GET, never a
// form sent twice; the history entry replaced, so nothing loops).
{
  const rendered = document.currentScript.dataset.session;
  addEventListener('pageshow', (event) => {
    const now = /(?:^|;\s*)sefer_state=in(?:;|$)/.test(document.cookie) ? 'in' : 'out';
    const entry = performance.getEntriesByType('navigation')[0];
    if (now !== rendered && (event.persisted || (entry && entry.type === 'back_forward'))) location.replace(location.href.split('#')[0]);
  });
}
