import type {ReactNode} from 'react';

/**
 * Wraps theme-classic's DocItem/TOC/Mobile (unsafe), which DocItem/Layout
 * renders above the title: it draws nothing there. The same menu is drawn
 * after the title instead (../../Content), so on a phone only the breadcrumb
 * stands above the h1.
 */
export default function DocItemTOCMobile(): ReactNode {
  return null;
}
