import type {PrismTheme} from 'prism-react-renderer';

/**
 * Light code theme with WCAG AA contrast (4.5:1 or more on its background):
 * prism-react-renderer's "github" theme uses several token colours around
 * 3:1, which fails for readers with low vision.
 */
export const prismLight: PrismTheme = {
  plain: {color: '#1f2328', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: '#57606a', fontStyle: 'italic'}},
    {types: ['namespace'], style: {color: '#57606a'}},
    {types: ['string', 'attr-value', 'char'], style: {color: '#0a3069'}},
    {types: ['punctuation', 'operator'], style: {color: '#1f2328'}},
    {
      types: ['entity', 'url', 'symbol', 'number', 'boolean', 'variable', 'constant', 'property', 'regex', 'inserted'],
      style: {color: '#0550ae'},
    },
    {types: ['atrule', 'keyword', 'attr-name', 'selector', 'builtin'], style: {color: '#b42318'}},
    {types: ['function', 'deleted', 'function-variable', 'class-name'], style: {color: '#6639ba'}},
    {types: ['tag'], style: {color: '#116329'}},
  ],
};
