// Buy Now taps made before the cart island hydrates are queued; the island takes the queue over.
window.seferBuyQueue = window.seferBuyQueue || [];
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-buy]') : null;
  if (!button) return;
  button.dataset.inCart = '';
  window.seferBuyQueue.push({ id: Number(button.dataset.id), name: button.dataset.name, price: Number(button.dataset.price) });
});
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
