import {useEffect, useState, type ReactNode} from 'react';
import type {HighlightProps, RenderProps} from 'prism-react-renderer';
import {plainRenderProps} from './plainRender';

/**
 * The browser's `prism-react-renderer` (docusaurus.config.ts points the client
 * bundle's imports of it here; the server bundle keeps the package): the same
 * `Highlight` render prop, with Prism loaded on demand instead of in every
 * page's first load.
 *
 * A page's own code blocks never need it: the server rendered them highlighted
 * and hydration keeps that HTML (src/theme/CodeBlock/Content). Only a block
 * the browser renders itself (after a client-side navigation, or in a webhook
 * tool) does. Prism loads when the reader points at or focuses a link to
 * another page, and when a navigation starts (./clientModule.ts); a block rendered
 * before it arrives shows its lines as plain text, in the same layout, then
 * its tokens.
 */
type PrismModule = typeof import('./prism');

let prism: PrismModule | undefined;
let prismLoading: Promise<PrismModule> | undefined;

/** Fetches and evaluates Prism once; later calls share the first. */
export function loadPrism(): Promise<PrismModule> {
  prismLoading ??= import(/* webpackChunkName: "prism" */ './prism').then((module) => (prism = module));
  return prismLoading;
}

/** The token classes (src/theme/CodeBlock/tokenClasses.ts), which come with Prism; undefined until it has loaded. */
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
