(() => {
  const form = document.getElementById('request-box');
  const texts = JSON.parse(form.dataset.texts);
  const box = form.querySelector('textarea');
  const send = form.querySelector('button');
  const status = form.querySelector('[data-request-status]');
  const label = form.querySelector('[data-send-label]');
  let busy = false;
  let timer;
  const sync = () => {
    send.disabled = busy || !box.value.trim();
  };
  const show = (text, kind) => {
    status.textContent = text;
    status.dataset.kind = kind;
    status.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        status.hidden = true;
      },
      kind === 'ok' ? 2000 : 3000,
    );
  };
  box.addEventListener('input', sync);
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const message = box.value.trim();
    if (!message) {
      alert(texts.blank);
      return;
    }
    if (busy) return;
    busy = true;
    sync();
    label.textContent = texts.sending;
    send.setAttribute('aria-label', texts.sending);
    clearTimeout(timer);
    status.textContent = texts.sending;
    status.dataset.kind = 'ok';
    status.hidden = false;
    try {
      const r = await fetch('/api/cat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
      });
      if (r.ok) {
        box.value = '';
        show(texts.sent, 'ok');
      } else show(r.status === 429 ? ((await r.json().catch(() => null))?.error ?? texts.failed) : texts.failed, 'error');
    } catch {
      show(texts.failed, 'error');
    }
    busy = false;
    label.textContent = texts.send;
    send.setAttribute('aria-label', texts.send);
    sync();
  });
  sync();
  if (!status.hidden) {
    timer = setTimeout(
      () => {
        status.hidden = true;
      },
      status.dataset.kind === 'ok' ? 2000 : 3000,
    );
    const url = new URL(location.href);
    url.searchParams.delete('request');
    history.replaceState(null, '', url);
  }
})();
