/** The one function of react-dom/client that ./cleanUrls.ts uses (@types/react-dom isn't installed). */
declare module 'react-dom/client' {
  export function createRoot(container: Element): {render(children: unknown): void};
}
