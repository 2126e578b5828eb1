import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import Button from '@theme/CodeBlock/Buttons/Button';
import IconCopy from '@theme/Icon/Copy';
import IconSuccess from '@theme/Icon/Success';
import type {Props} from '@theme/CodeBlock/Buttons/CopyButton';
import styles from './styles.module.css';

const title = () =>
  translate({id: 'theme.CodeBlock.copy', message: 'Copy', description: 'The copy button label on code blocks'});

const ariaLabel = (isCopied: boolean) =>
  isCopied
    ? translate({
        id: 'theme.CodeBlock.copied',
        message: 'Copied',
        description: 'The copied button label on code blocks',
      })
    : translate({
        id: 'theme.CodeBlock.copyButtonAriaLabel',
        message: 'Copy code to clipboard',
        description: 'The ARIA label for copy code blocks button',
      });

/**
 * The code a block shows, from its DOM: one `.token-line` per line (an empty
 * line has no text), joined by line breaks, as `metadata.code` would be.
 */
function shownCode(pre: Element): string {
  return [...pre.querySelectorAll('.token-line')].map((line) => line.textContent).join('\n');
}

async function copyToClipboard(text: string): Promise<void> {
  // The clipboard API exists in secure contexts only (HTTPS, localhost); elsewhere the fallback, loaded when needed.
  if ('clipboard' in navigator) return navigator.clipboard.writeText(text);
  const {default: copy} = await import('copy-text-to-clipboard');
  copy(text);
}

/**
 * theme-classic's CopyButton, ejected (CUSTOM CODE) for one change: it copies
 * the code its block shows, read from the block's DOM when clicked, not
 * `metadata.code`: a block kept from the server's HTML has no text in the
 * browser (it is in the server bundle only: plugins/code-blocks/code-text.ts).
 */
export default function CopyButton({className}: Props): ReactNode {
  const {wordWrap} = useCodeBlockContext();
  const [isCopied, setIsCopied] = useState(false);
  const copyTimeout = useRef<number | undefined>(undefined);
  const copyCode = () => {
    const pre = wordWrap.codeBlockRef.current;
    if (!pre) return;
    void copyToClipboard(shownCode(pre)).then(() => {
      setIsCopied(true);
      copyTimeout.current = window.setTimeout(() => setIsCopied(false), 1000);
    });
  };
  useEffect(() => () => window.clearTimeout(copyTimeout.current), []);
  return (
    <Button
      aria-label={ariaLabel(isCopied)}
      title={title()}
      className={clsx(className, isCopied && styles.copyButtonCopied)}
      onClick={copyCode}
    >
      <span className={styles.copyButtonIcons} aria-hidden="true">
        <IconCopy className={styles.copyButtonIcon} />
        <IconSuccess className={styles.copyButtonSuccessIcon} />
      </span>
    </Button>
  );
}
