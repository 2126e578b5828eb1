/** Social cards: one PNG per page, drawn at build time by plugins/social-cards. */
export const socialCardSize = {width: 1200, height: 630} as const;

/** Where the card of the page at `pathname` is served: `/payments/` → `/img/social/payments/index.png`. */
export function socialCardPath(pathname: string): string {
  const page = pathname
    .replace(/\.html$/, '')
    .replace(/\/$/, '/index')
    .replace(/^\/+/, '');
  return `/img/social/${page || 'index'}.png`;
}
