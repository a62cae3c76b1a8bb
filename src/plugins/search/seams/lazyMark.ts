/**
 * Stands in for mark.js in the search plugin (see src/plugins/search/plugin.ts).
 * The plugin only needs mark.js when a page is opened from a search result
 * (`?_highlight=…`); this wrapper keeps the library out of every page's first
 * load and fetches it the first time there is something to highlight.
 */
interface MarkOptions {
  exclude?: string[];
}
interface MarkInstance {
  mark(keywords: string[], options?: MarkOptions): void;
  unmark(options?: MarkOptions): void;
}
type MarkConstructor = new (context: Element) => MarkInstance;

let library: Promise<MarkConstructor> | undefined;
let loadedLibrary: MarkConstructor | undefined;

function load(): Promise<MarkConstructor> {
  library ??= import(/* webpackChunkName: "mark" */ 'mark.js/dist/mark.es6.js').then((module: {default: MarkConstructor}) => {
    loadedLibrary = module.default;
    return loadedLibrary;
  });
  return library;
}

export default class LazyMark implements MarkInstance {
  private readonly context: Element;

  constructor(context: Element) {
    this.context = context;
  }

  mark(keywords: string[], options?: MarkOptions): void {
    void load().then((Mark) => {
      if (this.context.isConnected) new Mark(this.context).mark(keywords, options);
    });
  }

  unmark(options?: MarkOptions): void {
    // Nothing can have been marked before the library was loaded.
    if (loadedLibrary) new loadedLibrary(this.context).unmark(options);
  }
}
