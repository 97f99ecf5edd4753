// Images a deal page puts in `<noscript data-later-image>` (its later photos, the seller's logo), put in
// place once the page has loaded and its first photo has painted: until then that photo has the
// connection to itself.
addEventListener('load', () =>
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const later of document.querySelectorAll('noscript[data-later-image]')) later.outerHTML = later.textContent;
    }),
  ),
);
