/**
 * Wraps theme-classic's DocItem/TOC/Mobile (unsafe), which DocItem/Layout
 * renders above the title: it draws nothing there. The same menu is drawn
 * after the title instead (../../Content), so on a phone only the breadcrumb
 * stands above the h1. The empty component lives in ../../Content, which
 * every doc page loads anyway, so this file adds no module to the bundle
 * (../../../../plugin.ts marks it free of side effects).
 */
export {NothingAboveTheTitle as default} from '../../Content';
