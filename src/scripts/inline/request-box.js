(() => {
  const form = document.getElementById('request-box');
  const texts = JSON.parse(form.dataset.texts);
  const box = form.querySelector('textarea');
  const send = form.querySelector('[data-send]');
  const status = form.querySelector('[data-request-status]');
  const label = form.querySelector('[data-send-label]');
  const anywayRow = form.querySelector('[data-send-anyway-row]');
  const anyway = form.querySelector('[data-send-anyway]');
  // The server's pattern (phone-in-text.ts): a request with a phone number is public, so ask first.
  let phone = null;
  try {
    phone = new RegExp(form.dataset.phonePattern);
  } catch {
    phone = null;
  }
  let busy = false;
  let confirmed = false;
  let timer;
  const sync = () => {
    send.disabled = busy || !box.value.trim();
  };
  // The colour of the status line; each attribute named whole, so the page's CSS cut keeps its rules.
  const paint = (kind) => {
    status.toggleAttribute('data-ok', kind === 'ok');
    status.toggleAttribute('data-error', kind === 'error');
    status.toggleAttribute('data-warn', kind === 'warn');
  };
  const show = (text, kind) => {
    anywayRow.hidden = kind !== 'warn';
    status.textContent = text;
    paint(kind);
    status.hidden = false;
    clearTimeout(timer);
    if (kind !== 'warn')
      timer = setTimeout(
        () => {
          status.hidden = true;
        },
        kind === 'ok' ? 2000 : 3000,
      );
  };
  const warned = () => !anywayRow.hidden;
  box.addEventListener('input', () => {
    sync();
    if (warned() && !(phone && phone.test(box.value))) {
      anywayRow.hidden = true;
      status.hidden = true;
    }
  });
  box.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  // A click comes before its submit event; Enter (requestSubmit) does not click it.
  anyway.addEventListener('click', () => {
    confirmed = true;
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const anywayPressed = confirmed;
    confirmed = false;
    const message = box.value.trim();
    if (!message) {
      alert(texts.blank);
      return;
    }
    if (busy) return;
    if (!anywayPressed && phone && phone.test(message)) {
      show(texts.publicPhone, 'warn');
      return;
    }
    busy = true;
    sync();
    anywayRow.hidden = true;
    label.textContent = texts.sending;
    send.setAttribute('aria-label', texts.sending);
    clearTimeout(timer);
    status.textContent = texts.sending;
    paint('ok');
    status.hidden = false;
    try {
      const r = await fetch('/api/cat', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(anywayPressed ? { message, public_phone: anyway.value } : { message }),
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
    if (!warned())
      timer = setTimeout(
        () => {
          status.hidden = true;
        },
        status.hasAttribute('data-ok') ? 2000 : 3000,
      );
    const url = new URL(location.href);
    url.searchParams.delete('request');
    url.searchParams.delete('request_text');
    history.replaceState(null, '', url);
  }
})();
