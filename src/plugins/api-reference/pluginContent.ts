/**
 * What the API reference plugin (./plugin.ts) gives other plugins as its
 * content, and how they read it: src/plugins/markdown-for-tools takes the reference pages'
 * Markdown for readers' tools from here, in allContentLoaded().
 */
import type {AllContent} from '@docusaurus/types';

/** The plugin's name, which keys its content in `allContent`. */
export const API_REFERENCE_PLUGIN = 'launchdeck-api-reference';

export interface ApiReferenceContent {
  /**
   * The Markdown for readers' tools of every generated page whose file isn't
   * that Markdown (the operations' pages: their file imports the page's
   * data), by path under docs/ ("api/reference/servers/create-server.md").
   */
  toolsMarkdown: Record<string, string>;
}

/** The API reference plugin's content among every plugin's; throws, saying what is missing, when it isn't there. */
export function apiReferenceContent(allContent: AllContent): ApiReferenceContent {
  const content = allContent[API_REFERENCE_PLUGIN]?.default as Partial<ApiReferenceContent> | undefined;
  if (!content?.toolsMarkdown || typeof content.toolsMarkdown !== 'object') {
    throw new Error(
      `The Markdown export needs the API reference's pages as Markdown, from the content of the "${API_REFERENCE_PLUGIN}" plugin (src/plugins/api-reference/plugin.ts), and found none. Is that plugin in the plugins of docusaurus.config.ts?`,
    );
  }
  return content as ApiReferenceContent;
}
