import {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import styles from './styles.module.css';

type Props = WrapperProps<typeof MermaidType>;

/** How far below the viewport a diagram starts loading, so it is drawn by the time it scrolls in. */
const preloadMargin = '600px 0px';

/**
 * Mermaid's library (about 160 KB gzip) is fetched when the diagram first comes
 * near the viewport, not with the page: a diagram is never needed for the first
 * paint of the text above it. Until then a box holds the diagram's place.
 */
export default function MermaidWrapper(props: Props): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = placeholder.current;
    if (!box || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      {rootMargin: preloadMargin},
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [near]);

  if (near) return <Mermaid {...props} />;
  return <div ref={placeholder} className={styles.placeholder} data-mermaid-placeholder="" />;
}
