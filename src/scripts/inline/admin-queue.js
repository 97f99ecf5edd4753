// The verification queue (/admin) with scripts: Verify and Reject go through the admin API
// (/api/admin/listings/{id}/) and the row leaves in place (no reload, no jump to the top);
// "Verify selected" verifies the checked rows one by one and says how many; keys: j/k move,
// v verify, r reject (opens the reason), x select, ? shows the list (never while typing).
// Without scripts the same forms post to the page, which comes back at the next item.
(() => {
  const list = document.querySelector('[data-queue]');
  if (!list) return;
  const texts = JSON.parse(list.dataset.texts ?? '{}');
  const flash = document.querySelector('[data-queue-flash]');
  const bulkForm = document.getElementById('queue-bulk');
  const bulkButton = document.querySelector('[data-bulk-button]');
  const plainBulk = bulkButton?.textContent.trim() ?? '';
  const help = document.getElementById('queue-shortcuts');
  document.querySelector('[data-shortcuts-hint]')?.removeAttribute('hidden');
  const headers = { 'Content-Type': 'application/json', 'Accept-Language': document.documentElement.lang };
  const rows = () => [...list.querySelectorAll('[data-queue-row]')];
  let current = null;

  const say = (text) => {
    if (flash) flash.textContent = text;
  };
  const problem = (row, text) => {
    let p = row.querySelector('[data-queue-problem]');
    if (!p) {
      p = document.createElement('p');
      p.dataset.queueProblem = '';
      p.setAttribute('role', 'alert');
      p.className = 'mt-1 rounded-xl bg-red-50 p-2 text-sm font-medium text-red-800';
      row.append(p);
    }
    p.textContent = text;
  };
  const setCurrent = (row, scroll) => {
    current?.removeAttribute('data-current');
    current = row ?? null;
    if (!current) return;
    current.setAttribute('data-current', '');
    if (scroll) current.scrollIntoView({ block: 'nearest' });
  };
  const checked = () => rows().filter((row) => row.querySelector('[data-select]')?.checked);
  const showSelected = () => {
    if (!bulkButton) return;
    const n = checked().length;
    bulkButton.textContent = n > 0 ? texts.selected.replace(texts.mark, String(n)) : plainBulk;
  };
  const lower = (key) => {
    document.querySelectorAll(`[data-count="${key}"]`).forEach((el) => {
      el.textContent = String(Math.max(0, Number(el.textContent) - 1));
    });
  };
  // The row leaves; the one after it (else before it) takes its place and becomes the current one.
  const remove = (row) => {
    const after = row.nextElementSibling ?? row.previousElementSibling;
    const focused = row.contains(document.activeElement) || current === row;
    lower('all');
    lower(row.dataset.kind === 'edit' ? 'edited' : 'new');
    if (row.hasAttribute('data-reported')) lower('reported');
    row.remove();
    if (after) {
      setCurrent(after, false);
      if (focused) after.focus({ preventScroll: true });
    }
    showSelected();
  };
  const decide = async (row, body) => {
    try {
      const r = await fetch(`/api/admin/listings/${row.dataset.listingId}/`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (r.ok) return true;
      let error = texts.failed;
      try {
        error = (await r.json()).error ?? error;
      } catch {
        // not JSON: the general words
      }
      problem(row, error);
    } catch {
      problem(row, texts.network);
    }
    return false;
  };

  list.addEventListener('submit', async (e) => {
    const form = e.target;
    const row = form.closest('[data-queue-row]');
    if (!row) return;
    e.preventDefault();
    const button = form.querySelector('button[type=submit]');
    if (button) button.disabled = true;
    const data = new FormData(form);
    const verify = data.get('action') === 'verify';
    const code = String(data.get('code') ?? '');
    const body = verify
      ? { verdict: 'verify' }
      : { verdict: 'reject', ...(code ? { code } : {}), reason: String(data.get('reason') ?? '') };
    if (await decide(row, body)) {
      say(verify ? row.dataset.verifiedText : row.dataset.rejectedText);
      remove(row);
    } else if (button) button.disabled = false;
  });
  list.addEventListener('change', (e) => {
    if (e.target.matches('[data-select]')) showSelected();
  });
  list.addEventListener('click', (e) => {
    const row = e.target.closest('[data-queue-row]');
    if (row) setCurrent(row, false);
  });
  bulkForm?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const chosen = checked();
    if (chosen.length === 0) return say(texts.none);
    if (bulkButton) bulkButton.disabled = true;
    let verified = 0;
    for (const row of chosen) {
      if (await decide(row, { verdict: 'verify' })) {
        verified++;
        remove(row);
      }
    }
    say(texts.bulk.replace('{verified}', String(verified)).replace('{total}', String(chosen.length)));
    if (bulkButton) bulkButton.disabled = false;
    showSelected();
  });

  const typing = (el) =>
    el instanceof HTMLElement &&
    (el.isContentEditable ||
      el.tagName === 'TEXTAREA' ||
      el.tagName === 'SELECT' ||
      (el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes(el.type)));
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    const all = rows();
    const at = current?.isConnected ? all.indexOf(current) : -1;
    const move = (to) => {
      setCurrent(all[to], true);
      current?.focus({ preventScroll: true });
    };
    if (e.key === 'j' && all.length > 0) move(Math.min(at + 1, all.length - 1));
    else if (e.key === 'k' && all.length > 0) move(Math.max(at - 1, 0));
    else if (e.key === 'v' && current) current.querySelector('[data-verify-form]')?.requestSubmit();
    else if (e.key === 'r' && current) {
      const reject = current.querySelector('[data-reject]');
      reject.open = true;
      reject.querySelector('select')?.focus();
    } else if (e.key === 'x' && current) {
      const box = current.querySelector('[data-select]');
      box.checked = !box.checked;
      showSelected();
    } else if (e.key === '?' && help) help.hidden = !help.hidden;
    else return;
    e.preventDefault();
  });
})();
