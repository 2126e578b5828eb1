/**
 * A page's stylesheet links to the site's own CSS, replaced by that CSS in a `<style>`: pure, so the
 * plugin (./index.ts) and its unit test share it.
 */

/** `<link rel=stylesheet href=/assets/css/styles.1a2b.css>` as the HTML minifier writes it, quoted or not. */
const stylesheetLink = /<link\s+rel="?stylesheet"?\s+href="?([^"\s>]+\.css)"?\s*\/?>/g;

/**
 * Docusaurus's rule that hides its wrong-base-URL banner "if CSS can load": a sign that the site's
 * files are where its base URL says, while the CSS came from there. Inlined, the CSS always loads, and
 * would hide the banner on a site served under the wrong path, so the rule goes. The banner stays
 * Docusaurus's other way: its inline script shows it when no script of the site has run by then.
 */
const baseUrlBannerRule = /#__docusaurus-base-url-issue-banner-container\{display:none;?\}/g;

/**
 * The page with each link to a stylesheet under `assetsPath` (`/assets/css/`) replaced by a `<style>`
 * holding what `read` returns for its href. Another stylesheet (none today) stays a link.
 */
export function inlineStylesheets(html: string, assetsPath: string, read: (href: string) => string): string {
  return html.replace(stylesheetLink, (link, href: string) => {
    if (!href.startsWith(assetsPath)) return link;
    const css = read(href);
    // The CSS ends the <style> element only at "</style": a stylesheet holding it cannot be inlined.
    if (/<\/style/i.test(css)) throw new Error(`inline-css: ${href} contains "</style" and cannot be inlined`);
    return `<style>${css.replace(baseUrlBannerRule, '')}</style>`;
  });
}
