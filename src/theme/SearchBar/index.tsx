// The search feature's wrapper of the search plugin's box (src/plugins/search/client/SearchBar.tsx), swizzled here because only the site's theme folder sees the plugin's box as @theme-original/SearchBar.
export {default} from '@site/src/plugins/search/client/SearchBar';
