/**
 * The search box's result templates as the dropdown draws them: the plugin's
 * own, wrapped by src/plugins/search/client/dropdown.ts (a header per section, keyboard hints). One
 * module, so that ./lazyTemplates.ts loads them with one
 * request and every page carries one import instead of three.
 */
import {SuggestionTemplate as pluginSuggestion} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js';
import {EmptyTemplate as pluginEmpty} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/EmptyTemplate.js';
import {withGroupsAndKeys} from '../client/dropdown';

export const SuggestionTemplate = withGroupsAndKeys(pluginSuggestion);
export const EmptyTemplate = withGroupsAndKeys(pluginEmpty, false);
