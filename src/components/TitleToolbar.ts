/**
 * What a page's own Markdown h1 is followed by: the doc page's toolbar
 * (src/internals/theme/DocItem/Content provides it, src/theme/MDXComponents/Heading
 * draws it after an h1). Null everywhere else.
 */
import {createContext, type ReactNode} from 'react';

export const TitleToolbar = createContext<ReactNode>(null);
