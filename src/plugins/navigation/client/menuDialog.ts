/**
 * Loaded when the phone's menu is first opened (./mobileMenuDialog.ts), so that
 * no page loads it before. The phone's menu (theme-classic's navbar sidebar) behaves as a dialog for
 * keyboard users: focus moves into it when it opens, Tab and Shift+Tab stay
 * inside it, Escape closes it, and focus returns to the button that opened it.
 * It reads only the page: Infima's class names (`navbar__toggle`, the
 * `navbar-sidebar--show` the open menu puts on `.navbar`) and the menu's own
 * close button, which Escape presses, so the menu's state stays the theme's.
 */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const panel = (): HTMLElement | null => document.querySelector('.navbar-sidebar');
const isOpen = (): boolean => document.querySelector('.navbar-sidebar--show') !== null;
const items = (): HTMLElement[] => Array.from(panel()?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => el.offsetParent !== null);

/** Focuses the menu's first control once it can take focus (the menu slides in over a short transition). */
function focusFirst(tries = 40): void {
  const first = items()[0];
  first?.focus();
  if (isOpen() && (!first || document.activeElement !== first) && tries > 0) window.setTimeout(() => focusFirst(tries - 1), 25);
}

/** Watches the open menu's navbar; when the menu closes, focus goes back to `opener`. */
function returnFocusOnClose(navbar: Element, opener: HTMLElement): void {
  const observer = new MutationObserver(() => {
    if (navbar.classList.contains('navbar-sidebar--show')) return;
    observer.disconnect();
    (opener.isConnected ? opener : document.querySelector<HTMLElement>('.navbar__toggle'))?.focus();
  });
  observer.observe(navbar, {attributes: true, attributeFilter: ['class']});
}

function onKeyDown(event: KeyboardEvent): void {
  if (!isOpen()) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    document.querySelector<HTMLElement>('.navbar-sidebar__close')?.click();
    return;
  }
  const list = items();
  if (event.key !== 'Tab' || list.length === 0) return;
  const [first, last] = [list[0]!, list[list.length - 1]!];
  const outside = !panel()?.contains(document.activeElement);
  if (event.shiftKey ? outside || document.activeElement === first : outside || document.activeElement === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

document.addEventListener('keydown', onKeyDown);

/** The theme opens the menu on the click of `toggle`: once it has, take focus in, and give it back when the menu closes. */
export function opened(toggle: HTMLElement): void {
  window.requestAnimationFrame(() => {
    const navbar = document.querySelector('.navbar.navbar-sidebar--show');
    if (!navbar) return;
    returnFocusOnClose(navbar, toggle);
    focusFirst();
  });
}
