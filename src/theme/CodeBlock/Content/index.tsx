import type {ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme, useThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {Highlight, type LineInputProps, type TokenInputProps} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';
import type {Props} from '@theme/CodeBlock/Content';
import {tokenClassName} from '../tokenClasses';
import {useServerRendered} from '../useServerRendered';
import styles from './styles.module.css';

/** Hydration keeps the `<code>` the server rendered: React leaves an element with this inner HTML untouched. */
const keptServerHtml = {__html: ''};

function lineProps({className}: LineInputProps) {
  return {className: clsx('token-line', className)};
}

/**
 * theme-classic's CodeBlock/Content, ejected (CUSTOM CODE) for two changes:
 *
 * - Tokens carry classes for their colours (../tokenClasses.ts), not inline
 *   styles: the HTML is lighter, and right in both colour modes without a
 *   second render.
 * - A code block the server rendered is not rendered again in the browser:
 *   while the page hydrates, `<code>` is given an empty inner HTML, which React
 *   takes as "leave the server's DOM as it is", so Prism tokenizes nothing and
 *   React hydrates none of the thousands of token spans. The block stays that
 *   way (its text never changes); the `<pre>` around it, the title and the
 *   buttons (copy, word wrap) hydrate as usual. A block first rendered in the
 *   browser (after a client-side navigation) is tokenized and rendered there.
 */
export default function CodeBlockContent({className: classNameProp}: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const prismTheme = usePrismTheme();
  const {prism} = useThemeConfig();
  const hydrated = useServerRendered();
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const codeClassName = clsx(
    styles.codeBlockLines,
    lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
  );
  const codeStyle = lineNumbersStart === undefined ? undefined : {counterReset: `line-count ${lineNumbersStart - 1}`};
  const pre = (children: ReactNode) => (
    <pre
      ref={wordWrap.codeBlockRef}
      // A scrollable region must be reachable by keyboard (as upstream).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(classNameProp, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
      style={prismTheme.plain}
    >
      {children}
    </pre>
  );
  if (hydrated) {
    return pre(
      <code
        className={codeClassName}
        style={codeStyle}
        dangerouslySetInnerHTML={keptServerHtml}
        suppressHydrationWarning
      />,
    );
  }
  // Token classes are for the server's HTML (right in both modes before any script runs). A block
  // rendered in the browser colours its tokens for the current mode, as upstream does, and renders
  // again on a switch; so the class code stays out of the browser's bundle (plugins/code-samples).
  const serverTokenProps = process.env.COINWHARF_SERVER_BUNDLE
    ? ({token}: TokenInputProps) => ({
        className: tokenClassName(
          {light: prism.theme, dark: prism.darkTheme ?? prism.theme},
          token.types,
          token.empty === true,
        ),
        children: token.content,
      })
    : undefined;
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({tokens: lines, getTokenProps}) =>
        pre(
          <code className={codeClassName} style={codeStyle}>
            {lines.map((line, i) => (
              <Line
                key={i}
                line={line}
                getLineProps={lineProps}
                getTokenProps={serverTokenProps ?? getTokenProps}
                classNames={lineClassNames[i]}
                showLineNumbers={lineNumbersStart !== undefined}
              />
            ))}
          </code>,
        )
      }
    </Highlight>
  );
}
