import {isValidElement, Children, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/** A code block's children as one string where they are only text, so it can be copied. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((child) => isValidElement(child))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * theme-classic's CodeBlock, ejected for one change (CUSTOM CODE): upstream
 * renders its content with `key={String(isBrowser)}`, so right after hydration
 * every code block is thrown away and rendered again (Prism tokenizes it
 * again, React builds all its spans again) only to recolour tokens for the
 * reader's colour mode. Our tokens are coloured by classes under `[data-theme]`
 * (./tokenClasses.ts), right in both modes from the server's HTML, so the
 * block is rendered once.
 */
export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children === 'string') return <StringContent {...props}>{children}</StringContent>;
  return <ElementContent {...props}>{children}</ElementContent>;
}
