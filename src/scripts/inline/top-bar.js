// Hide the top bar when scrolling down, show it again when scrolling up.
(() => {
  const bar = document.querySelector('[data-top-bar]');
  let last = scrollY;
  addEventListener(
    'scroll',
    () => {
      const y = scrollY;
      if (y > last && y > 80) bar.setAttribute('data-hidden', '');
      else bar.removeAttribute('data-hidden');
      last = y;
    },
    { passive: true },
  );
})();
