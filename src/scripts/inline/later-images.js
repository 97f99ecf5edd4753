// Images a deal page puts in `<noscript data-later-image>` (its later photos, the seller's logo, the
// logos of its other deals), put in place once the page has loaded and its first photo has been
// decoded and painted: until then that photo has the connection to itself.
addEventListener('load', () => {
  const first = document.querySelector('img[fetchpriority="high"]');
  const painted = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(show)));
  const show = () => {
    for (const later of document.querySelectorAll('noscript[data-later-image]')) later.outerHTML = later.textContent;
  };
  (first ? first.decode() : Promise.resolve()).then(painted, painted);
});
