/**
 * Replaces @docusaurus/core's client prefetch helper (see
 * src/plugins/trimClientBundle.ts). Docusaurus prefetches the code of every
 * page a visible link points to; its helper adds each <link rel="prefetch">
 * at once, which on a section page (dozens of links) blocks the main thread
 * while the page is still starting up. This one does the same, a few links at
 * a time while the browser is idle. Slow or data-saver connections are still
 * skipped by Docusaurus before this is called.
 */
type Job = () => void;
interface Deadline {
  didTimeout: boolean;
  timeRemaining(): number;
}

const queue: Job[] = [];
let scheduled = false;

function whenIdle(callback: (deadline: Deadline) => void): void {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, {timeout: 3000});
  } else {
    window.setTimeout(() => callback({didTimeout: true, timeRemaining: () => 0}), 200);
  }
}

function flush(deadline: Deadline): void {
  scheduled = false;
  // When the browser never becomes idle, still make progress, a few links per turn.
  let budget = deadline.didTimeout ? 4 : Infinity;
  while (queue.length > 0 && budget > 0 && (deadline.didTimeout || deadline.timeRemaining() > 2)) {
    queue.shift()!();
    budget -= 1;
  }
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  whenIdle(flush);
}

function supportsPrefetch(): boolean {
  try {
    return document.createElement('link').relList.supports('prefetch');
  } catch {
    return false;
  }
}

function addPrefetchLink(url: string, done: () => void): void {
  if (supportsPrefetch()) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    link.onload = done;
    link.onerror = done;
    document.head.appendChild(link);
  } else {
    const request = new XMLHttpRequest();
    request.open('GET', url, true);
    request.withCredentials = true;
    request.onloadend = done;
    request.send(null);
  }
}

export default function prefetch(url: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    queue.push(() => addPrefetchLink(url, resolve));
    schedule();
  });
}
