import {useEffect, useState, type ReactNode} from 'react';
import type {HighlightProps, RenderProps} from 'prism-react-renderer';
import {plainRenderProps} from './plainRender';

/**
 * The `Highlight` of `prism-react-renderer` that code blocks import
 * (../theme/CodeBlock/Content): the same render prop, with Prism loaded on
 * demand in the browser instead of in every page's first load. The server's
 * bundle has Prism from the start, so every page's HTML is highlighted.
 *
 * A page's own code blocks never need it: the server rendered them highlighted
 * and hydration keeps that HTML (plugins/code-blocks/theme/CodeBlock/Content). Only a block
 * the browser renders itself (after a client-side navigation, or in a webhook
 * tool) does. Prism loads when the reader points at or focuses a link to
 * another page, and when a navigation starts (./clientModule.ts); a block rendered
 * before it arrives shows its lines as plain text, in the same layout, then
 * its tokens.
 */
type PrismModule = typeof import('./prism');

// A require in the branch the browser's bundle drops (../index.ts defines
// COINWHARF_SERVER_BUNDLE per bundle): an import would put Prism in the browser's first load.
let prism: PrismModule | undefined = process.env.COINWHARF_SERVER_BUNDLE
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('./prism') as PrismModule)
  : undefined;
let prismLoading: Promise<PrismModule> | undefined;

/** Fetches and evaluates Prism once; later calls share the first. */
export function loadPrism(): Promise<PrismModule> {
  prismLoading ??= import(/* webpackChunkName: "prism" */ './prism').then((module) => (prism = module));
  return prismLoading;
}

/** The token classes (plugins/code-blocks/theme/CodeBlock/tokenClasses.ts), which come with Prism; undefined until it has loaded. */
export function loadedTokenClasses(): Pick<PrismModule, 'styledTokenClassName' | 'stylesShowOnSpaces'> | undefined {
  return prism;
}

export function Highlight(props: HighlightProps): ReactNode {
  const [loaded, setLoaded] = useState(prism);
  useEffect(() => {
    if (loaded === undefined) void loadPrism().then(setLoaded);
  }, [loaded]);
  if (loaded !== undefined) return <loaded.Highlight {...props} />;
  const render: (renderProps: RenderProps) => ReactNode = props.children;
  return render(plainRenderProps(props));
}
