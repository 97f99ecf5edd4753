// Buy Now taps are numbered on their button from the first paint; the cart's module script
// (src/features/shop/island/buy-buttons.ts) adds them to the cart, also those made before it loaded.
(() => {
  let taps = 0;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-buy]') : null;
    if (!button) return;
    // With scripts, Buy Now fills the cart; its form (buy this one now) is for browsers without them.
    event.preventDefault();
    button.dataset.inCart = '';
    button.dataset.tapped = String(++taps);
  });
})();
// One View More open at a time, also where <details name> is not supported yet.
document.addEventListener(
  'toggle',
  (event) => {
    const opened = event.target;
    if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.matches('[data-more]')) return;
    document.querySelectorAll('details[data-more][open]').forEach((d) => {
      if (d !== opened) d.open = false;
    });
  },
  true,
);
