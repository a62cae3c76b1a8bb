/**
 * Docusaurus plugin for build-time syntax highlighting: writes the colours of
 * both code themes (plain text, background and token colours) as one small
 * stylesheet, so dark and light code switch with the site's colour mode
 * through CSS. The browser bundles get no Prism: the code block is the site's own
 * (src/plugins/highlighting/theme/CodeBlock), and the stub for theme-classic's client module is
 * seam "prism-stub" (src/internals).
 * The tokens themselves come from src/plugins/highlighting/rehypeHighlight.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {prismLight} from './prismLight';
import {prismDark} from './prismDark';
import rehypeHighlight from './rehypeHighlight';
import {CODE_LANGUAGES} from './languages';
import type {Feature} from '../../config/feature';

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** CSS rules for one theme's token styles, in the theme's own order (later entries win, as in Prism). */
export function themeCss(theme: PrismTheme, scope: string): string {
  return theme.styles
    .map(({types, languages, style}) => {
      const selectors = types.flatMap((type) =>
        (languages ?? ['']).map((language) => `${scope} ${language ? `.language-${language}` : ''}.prism-code .token.${type}`),
      );
      const declarations = Object.entries(style)
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([property, value]) => `${kebab(property)}:${String(value)}`)
        .join(';');
      return declarations ? `${selectors.join(',')}{${declarations}}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** A theme's plain colours as the variables the code block reads (src/plugins/highlighting/theme/CodeBlock/styles.module.css). */
export function plainCss(theme: PrismTheme, scope: string): string {
  const {color, backgroundColor} = theme.plain;
  return `${scope} .theme-code-block{--prism-color:${String(color)};--prism-background-color:${String(backgroundColor)}}`;
}

export default function codeHighlightPlugin(context: LoadContext): Plugin {
  const cssFile = path.join(context.generatedFilesDir, 'launchdeck-code-highlight', 'tokens.css');
  fs.mkdirSync(path.dirname(cssFile), {recursive: true});
  fs.writeFileSync(
    cssFile,
    `/* Generated from src/plugins/highlighting/prismLight.ts and prismDark.ts. */\n${plainCss(prismLight, "[data-theme='light']")}\n${plainCss(prismDark, "[data-theme='dark']")}\n${themeCss(prismLight, "[data-theme='light']")}\n${themeCss(prismDark, "[data-theme='dark']")}\n`,
  );
  return {
    name: 'launchdeck-code-highlight',
    // The code block that draws the build-time tokens (theme/CodeBlock) and a no-op prism-include-languages.
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    getClientModules() {
      return [cssFile];
    },
  };
}

/**
 * Code highlighted at build time: the plugin (its token stylesheet and code block), the rehype plugin that
 * tokenizes, and the classic theme's Prism settings, of which only the plain colours reach the browser.
 */
export const feature = (): Feature => ({
  plugins: [codeHighlightPlugin],
  rehypePlugins: [[rehypeHighlight, {languages: CODE_LANGUAGES}]],
  themeConfig: {
    prism: {
      theme: {plain: prismLight.plain, styles: []},
      darkTheme: {plain: prismDark.plain, styles: []},
      additionalLanguages: CODE_LANGUAGES,
    },
  },
});
