// Bring the current tab into view on narrow screens.
(() => {
  const nav = document.querySelector('[data-account-nav]');
  const current = nav && nav.querySelector('[aria-current=page]');
  if (!current) return;
  const left = current.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
  nav.scrollLeft = left - (nav.clientWidth - current.offsetWidth) / 2;
})();
