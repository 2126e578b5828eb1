import {isValidElement, Children, useEffect, useSyncExternalStore, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';
import type {CodeTextProps, PageCode} from './pageCode';
import {useServerRendered} from '@site/src/internal/useServerRendered';

/** A code block's children as one string where they are only text, so it can be copied. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/** In the browser's bundle a fence's children name its page's code and its place (plugins/code-blocks/code-text.ts). */
function codeTextOf(children: ReactNode): CodeTextProps | undefined {
  return isValidElement<Partial<CodeTextProps>>(children) && children.props.page
    ? (children.props as CodeTextProps)
    : undefined;
}

const noSubscription = () => () => {};

/**
 * A fence's text in the browser: its page's texts, once loaded. A block the
 * browser renders itself loads them if its page's module did not; a block the
 * server rendered needs none, and when it goes (the reader leaves the page) its
 * page's texts are loaded, so that coming back renders the page complete.
 */
function useLoadedText(page: PageCode | undefined, index: number): string | undefined {
  const serverRendered = useServerRendered();
  const text = useSyncExternalStore(
    page?.subscribe ?? noSubscription,
    () => page?.texts?.[index],
    () => undefined,
  );
  useEffect(() => {
    if (page && !serverRendered) void page.load();
    return () => {
      if (page && serverRendered) void page.load();
    };
  }, [page, serverRendered]);
  return text;
}

/**
 * theme-classic's CodeBlock, ejected (CUSTOM CODE) for two changes:
 *
 * - Upstream renders its content with `key={String(isBrowser)}`, so right
 *   after hydration every code block is thrown away and rendered again (Prism
 *   tokenizes it again, React builds all its spans again) only to recolour
 *   tokens for the reader's colour mode. Our tokens are coloured by classes
 *   under `[data-theme]` (./tokenClasses.ts), right in both modes from the
 *   server's HTML, so the block is rendered once.
 * - A fence's text is in the server bundle only (plugins/code-blocks/code-text.ts):
 *   in the browser it comes from its page's code chunk (./pageCode.ts), which a
 *   block kept from the server's HTML does not need.
 */
export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const codeText = codeTextOf(rawChildren);
  const loaded = useLoadedText(codeText?.page, codeText?.index ?? 0);
  if (codeText) return <StringContent {...props}>{loaded ?? ''}</StringContent>;
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children === 'string') return <StringContent {...props}>{children}</StringContent>;
  return <ElementContent {...props}>{children}</ElementContent>;
}
