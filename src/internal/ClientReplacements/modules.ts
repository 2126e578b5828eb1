/**
 * Three small modules of Docusaurus's client, replaced in the browser's bundle
 * by ours with the same exports (the server's bundle keeps upstream's), each
 * for a long task a trace of our pages at a phone's speed attributed to it.
 */
export const replacements = [
  {
    // A chunk is prefetched once, and not when the page has loaded it: every
    // link that comes into view prefetched each chunk of its page, the docs
    // layout's seven (which the page has loaded) once per link. On the
    // quickstart: 283 `<link rel="prefetch">` for 20 files, appended in one
    // task of 150–190 ms at 4× CPU slowdown.
    package: '@docusaurus/core',
    file: 'lib/client/prefetch.js',
    by: 'src/internal/ClientReplacements/prefetch.ts',
  },
  {
    // The window's size class, set right after hydration, becomes a
    // transition: React renders what it changes (the mobile menu in place of
    // the desktop sidebar) in slices, not in one long task. Docusaurus's own
    // "in the browser" switch stays urgent: the search plugin's results page
    // reads the query from the address only once it flips, and as a
    // transition its first effect had already removed the query.
    package: '@docusaurus/theme-common',
    file: 'lib/hooks/useWindowSize.js',
    by: 'src/internal/ClientReplacements/useWindowSize.ts',
  },
  {
    // A code block is measured (does it scroll sideways, so it gets a word
    // wrap button?) by one IntersectionObserver, after the browser's own
    // layout, instead of by a forced layout per block right after hydration
    // and a MutationObserver per hidden tab panel whose options are sorted
    // with `localeCompare` on each render: about 30 ms of the quickstart's
    // hydration task at 4× CPU slowdown.
    package: '@docusaurus/theme-common',
    file: 'lib/hooks/useCodeWordWrap.js',
    by: 'src/internal/ClientReplacements/useCodeWordWrap.ts',
  },
] as const;
