// The menu and the sign-out question are modal dialogs that buttons open and close with
// `commandfor` and `command` (no script needed). A browser without those attributes gets the same
// here; if that fails too, the buttons' `popovertarget` opens them as popovers.
(() => {
  if ('commandForElement' in HTMLButtonElement.prototype) return;
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[commandfor]') : null;
    const dialog = button && document.getElementById(button.getAttribute('commandfor'));
    if (!dialog || typeof dialog.showModal !== 'function') return;
    const command = button.getAttribute('command');
    try {
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      else if (command === 'close' && dialog.open) dialog.close();
      else return;
      event.preventDefault();
    } catch {
      // Shown as a popover already: the button's popovertarget goes on.
    }
  });
})();
