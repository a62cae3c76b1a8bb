import React, {useEffect, useRef, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';

/**
 * Returns keyboard focus to where the reader was (for example after Ctrl+K)
 * when they close the search results with Escape; the plugin's search box
 * otherwise drops focus to the top of the page.
 */
export default function SearchBarWrapper(): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const inSearch = (node: EventTarget | null) => node instanceof Node && !!container.current?.contains(node);
    function onFocusIn(event: FocusEvent) {
      if (inSearch(event.target) && !inSearch(event.relatedTarget) && event.relatedTarget instanceof HTMLElement) {
        returnTo.current = event.relatedTarget;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && inSearch(document.activeElement)) {
        const target = returnTo.current;
        window.setTimeout(() => {
          if (target && target.isConnected) {
            target.focus();
          }
        }, 0);
      }
    }
    // Ctrl+K moves focus without a focus event carrying relatedTarget: remember the element first.
    function onShortcut(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k' && !inSearch(document.activeElement)) {
        returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      }
    }
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onShortcut, true);
    // Capture phase: the autocomplete widget stops Escape from bubbling.
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onShortcut, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, []);

  return (
    <div ref={container} className="ld-search-wrapper">
      <SearchBar />
    </div>
  );
}
