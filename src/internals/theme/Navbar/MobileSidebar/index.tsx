import React, {useEffect, type ReactNode} from 'react';
import MobileSidebar from '@theme-init/Navbar/MobileSidebar';
import type MobileSidebarType from '@theme/Navbar/MobileSidebar';
import type {WrapperProps} from '@docusaurus/types';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';

type Props = WrapperProps<typeof MobileSidebarType>;

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes the mobile menu behave like a dialog for keyboard users: focus moves
 * into it when it opens, Tab cycles inside it, Escape closes it, and focus
 * returns to the hamburger button when it closes.
 */
export default function MobileSidebarWrapper(props: Props): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();

  useEffect(() => {
    if (!shown) {
      return undefined;
    }
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = () => document.querySelector<HTMLElement>('.navbar-sidebar');
    const items = () => Array.from(panel()?.querySelectorAll<HTMLElement>(focusable) ?? []).filter((el) => el.offsetParent !== null);
    // The panel becomes visible over a short transition: retry until a control can take focus.
    let tries = 0;
    let first = 0;
    const focusFirst = () => {
      const target = items()[0];
      if (target) {
        target.focus();
      }
      if ((!target || document.activeElement !== target) && tries < 40) {
        tries += 1;
        first = window.setTimeout(focusFirst, 25);
      }
    };
    first = window.setTimeout(focusFirst, 0);

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        toggle();
        return;
      }
      if (event.key !== 'Tab') {
        return;
      }
      const list = items();
      if (list.length === 0) {
        return;
      }
      const firstItem = list[0]!;
      const lastItem = list[list.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel()?.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel()?.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(first);
      document.removeEventListener('keydown', onKeyDown);
      const toggleButton = document.querySelector<HTMLElement>('.navbar__toggle');
      (opener && opener.isConnected && opener !== document.body ? opener : toggleButton)?.focus();
    };
  }, [shown, toggle]);

  return <MobileSidebar {...props} />;
}
