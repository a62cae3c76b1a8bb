/**
 * The phone's menu as a dialog for keyboard users (./menuDialog.ts), loaded on
 * the first click of the menu's button: it is 0.5 KB no page needs before.
 */
if (typeof window !== 'undefined') {
  document.addEventListener('click', (event) => {
    const toggle = event.target instanceof Element ? event.target.closest<HTMLElement>('.navbar__toggle') : null;
    if (toggle) void import('./menuDialog').then((dialog) => dialog.opened(toggle));
  });
}
