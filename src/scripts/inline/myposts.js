// With scripts, Save and Delete go through the listing API (PATCH and DELETE
// /api/delete/products/{id}/); without them the same forms post to this page.
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
    return 'Something went wrong. Please try again.';
  }
};
document.querySelectorAll('[data-delete-post]').forEach((form) => {
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!confirm('Are you sure you want to delete this post?')) return;
    const card = form.closest('li');
    try {
      const r = await fetch(`/api/delete/products/${form.dataset.deletePost}/`, { method: 'DELETE' });
      if (r.ok) location.assign('/myposts?done=deleted');
      else problem(card, await failure(r));
    } catch {
      problem(card, 'Network error. Please try again.');
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
      const r = await fetch(`/api/delete/products/${id}/`, { method: 'PATCH', body: new FormData(form) });
      if (r.ok) location.assign(`/myposts?done=saved#post-${id}`);
      else problem(form, await failure(r));
    } catch {
      problem(form, 'Network error. Please try again.');
    }
    button.disabled = false;
  });
});
