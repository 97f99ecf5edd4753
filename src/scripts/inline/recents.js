// Times in the visitor's own local format on English pages; Amharic ones keep the server's Ethiopian date.
if (document.documentElement.lang === 'en') {
  document.querySelectorAll('time[data-local-time]').forEach((t) => {
    t.textContent = new Date(t.dateTime).toLocaleString();
  });
}
// Likes without a page load; the forms still work without this.
document.querySelectorAll('[data-like-form]').forEach((form) => {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (form.dataset.signedIn !== 'true') {
      alert(form.dataset.signedOutText);
      return;
    }
    const button = form.querySelector('button');
    button.disabled = true;
    try {
      const r = await fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/json' } });
      if (r.status === 401) {
        alert(form.dataset.signedOutText);
        return;
      }
      if (!r.ok) return;
      const { liked, likes } = await r.json();
      button.setAttribute('aria-pressed', String(liked));
      const texts = JSON.parse(form.closest('[data-texts]').dataset.texts);
      button.setAttribute('aria-label', likes === 1 ? texts.likeOne : texts.likeOther.replace('{n}', likes));
      form.querySelector('[data-like-count]').textContent = likes;
    } finally {
      button.disabled = false;
    }
  });
});
