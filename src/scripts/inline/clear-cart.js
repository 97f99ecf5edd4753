try {
  localStorage.removeItem(document.currentScript.dataset.cartKey);
} catch {
  // Storage can be blocked (private mode, full disk): there is no cart to clear then.
}
