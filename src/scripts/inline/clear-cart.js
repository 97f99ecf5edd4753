try {
  localStorage.removeItem(document.currentScript.dataset.cartKey);
} catch {}
