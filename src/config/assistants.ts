/**
 * The coding assistants a docs page can be handed to (the page menu's "Open
 * in ChatGPT" and "Open in Claude"), and how editors start the docs' MCP
 * server (mcp/). Defined once; no process.env here, because the browser
 * imports this module too.
 */

/** What the assistant is asked: to read the page's Markdown, so the reader can ask about it. */
export const assistantPrompt = (markdownUrl: string): string =>
  `Read ${markdownUrl} (a page of the Launchdeck documentation) and answer my questions about it.`;

/** A new conversation in each assistant, with the prompt filled in. Nothing is sent until the reader follows the link. */
export const assistants: ReadonlyArray<{name: string; url: (prompt: string) => string}> = [
  {name: 'ChatGPT', url: (prompt) => `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}`},
  {name: 'Claude', url: (prompt) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}`},
];

/** The MCP server's name in editors' configurations. */
export const MCP_SERVER_NAME = 'launchdeck-docs';

/**
 * The npm package of the docs' MCP server (mcp/package.json, its own
 * workspace): `npx -y` runs it without the site or a clone.
 */
export const MCP_PACKAGE = '@launchdeck/docs-mcp';

/** The command that starts the docs' MCP server from npm with npx, serving the site at `siteUrl`. */
export function mcpCommand(siteUrl: string): string[] {
  return ['npx', '-y', MCP_PACKAGE, '--url', siteUrl.replace(/\/+$/, '')];
}

/** Each editor's configuration for the MCP server: where it goes and what to write. */
export function editorConfigs(siteUrl: string): Array<{editor: string; where: string; language: string; code: string}> {
  const [command, ...args] = mcpCommand(siteUrl);
  const server = {command, args};
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      editor: 'Claude Desktop',
      where: 'Settings > Developer > Edit Config opens claude_desktop_config.json. Add the server, then restart Claude Desktop.',
      language: 'json',
      code: json({mcpServers: {[MCP_SERVER_NAME]: server}}),
    },
    {
      editor: 'Claude Code',
      where: 'Run in a terminal, in your project or with --scope user for every project:',
      language: 'bash',
      code: `claude mcp add ${MCP_SERVER_NAME} -- ${mcpCommand(siteUrl).join(' ')}`,
    },
    {
      editor: 'Cursor',
      where: 'Add to .cursor/mcp.json in your project, or to ~/.cursor/mcp.json for every project:',
      language: 'json',
      code: json({mcpServers: {[MCP_SERVER_NAME]: server}}),
    },
    {
      editor: 'VS Code',
      where: 'Add to .vscode/mcp.json in your project (or run MCP: Add Server), then start it from the file:',
      language: 'json',
      code: json({servers: {[MCP_SERVER_NAME]: {type: 'stdio', ...server}}}),
    },
  ];
}
