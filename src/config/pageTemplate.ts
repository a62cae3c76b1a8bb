/**
 * The `ssrTemplate` of docusaurus.config.ts: Docusaurus 3.7's page template
 * (@docusaurus/core/lib/ssg/ssgTemplate.html.js) with one change: the page's scripts are added
 * after the first frame is painted instead of as deferred scripts in <head>.
 * The text is already in the HTML, so readers see it as soon as the styles
 * arrive; the JavaScript (hydration, search, prefetching) follows at once.
 * Execution order is kept (async = false). Without JavaScript nothing changes.
 * tests/guards/upgrade-guard.test.mjs fails when the installed template differs
 * from the one this copy was made from. The script is inline: the build adds
 * its hash to the Content-Security-Policy (src/hosting/plugin.ts).
 */
export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <script>(function(){var s=[<% it.scripts.forEach((script) => { %>"<%= it.baseUrl %><%= script %>",<% }); %>],d=0;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=false;document.body.appendChild(e);});}requestAnimationFrame(function(){setTimeout(go,0);});setTimeout(go,250);})();</script>
    <%~ it.postBodyTags %>
  </body>
</html>`;
