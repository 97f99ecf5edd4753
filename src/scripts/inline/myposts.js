// With scripts, Save and Delete go through the listing API (PATCH and DELETE
// /api/delete/products/{id}/); without them the same forms post to this page.
// Texts come from the page, in its language.
const texts = JSON.parse(document.querySelector('[data-post-texts]')?.dataset.texts ?? '{}');
const headers = { 'Accept-Language': document.documentElement.lang };
const problem = (card, text) => {
  let p = card.querySelector('[data-post-problem]');
  if (!p) {
    p = document.createElement('p');
    p.dataset.postProblem = '';
    p.setAttribute('role', 'alert');
    p.className = 'mt-2 rounded-xl bg-red-50 p-2 text-sm font-medium text-red-800';
    card.append(p);
  }
  p.textContent = text;
};
const failure = async (r) => {
  try {
    return (await r.json()).error;
  } catch {
    return texts.failed;
  }
};
document.querySelectorAll('[data-delete-post]').forEach((form) => {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!confirm(texts.confirmDelete)) return;
    const card = form.closest('li');
    try {
      const r = await fetch(`/api/delete/products/${form.dataset.deletePost}/`, { method: 'DELETE', headers });
      if (r.ok) location.assign(`${location.pathname}?done=deleted`);
      else problem(card, await failure(r));
    } catch {
      problem(card, texts.network);
    }
  });
});
document.querySelectorAll('[data-edit-post]').forEach((form) => {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const id = form.dataset.editPost;
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const r = await fetch(`/api/delete/products/${id}/`, { method: 'PATCH', body: new FormData(form), headers });
      if (r.ok) location.assign(`${location.pathname}?done=saved#post-${id}`);
      else problem(form, await failure(r));
    } catch {
      problem(form, texts.network);
    }
    button.disabled = false;
  });
});
