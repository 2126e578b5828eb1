import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import {usePrismTheme, useThemeConfig} from '@docusaurus/theme-common';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {LineInputProps, PrismTheme, Token, TokenInputProps, TokenOutputProps} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';
import type {Props} from '@theme/CodeBlock/Content';
import {Highlight, loadedTokenClasses} from '../../../client';
import type {ColorModes, styledTokenClassName, stylesShowOnSpaces} from '../tokenClasses';
import {compactLine, type ClassNameOf, type LinePiece} from '../compactLine';
import {codeSize, type CodeSize} from '../codeSize';
import {useServerRendered} from '@site/src/internal/useServerRendered';
import styles from './styles.module.css';

/** Hydration keeps the `<code>` the server rendered: React leaves an element with this inner HTML untouched. */
const keptServerHtml = {__html: ''};

/** The `<pre>`'s style with the block's size (../codeSize.ts), which its code's placeholder size reads. */
function sizedStyle(plain: PrismTheme['plain'], {lines, columns}: CodeSize): CSSProperties {
  return {...plain, '--cw-code-lines': lines, '--cw-code-columns': columns} as CSSProperties;
}

function lineProps({className}: LineInputProps) {
  return {className: clsx('token-line', className)};
}

/** A numbered line's pieces go through upstream's Line (its number and layout), each as a token. */
function pieceProps({token}: TokenInputProps): TokenOutputProps {
  // A text piece's span gets no class attribute at all (React leaves out an undefined one).
  const {className} = token as Token & Partial<LinePiece>;
  return {className: className as string, children: token.content};
}

interface TokenClasses {
  classNameOf: ClassNameOf;
  stylesShowOnSpaces: boolean;
}

interface TokenClassModule {
  styledTokenClassName: typeof styledTokenClassName;
  stylesShowOnSpaces: typeof stylesShowOnSpaces;
}

/** Before Prism has loaded, a block's lines are plain text: no token has a class. */
const noTokenClasses: TokenClasses = {classNameOf: () => undefined, stylesShowOnSpaces: false};

// The server's bundle only: in the browser the class code comes with Prism. A
// require in the branch the browser's bundle drops (an import would keep the
// module in every doc page's chunk, since Prism's chunk uses it).
const serverTokenClasses: TokenClassModule | undefined = process.env.COINWHARF_SERVER_BUNDLE
  ? // eslint-disable-next-line @typescript-eslint/no-require-imports
    (require('../tokenClasses') as TokenClassModule)
  : undefined;

let cached: {module: TokenClassModule; modes: ColorModes; classes: TokenClasses} | undefined;

/**
 * The token classes for the site's code themes. The server's bundle has them
 * (the HTML is coloured in both modes before any script runs); the browser's
 * gets them with Prism (../../../client/prism.ts), which only a block
 * rendered in the browser needs, and renders the same DOM as the server.
 */
function tokenClassesFor(light: PrismTheme, dark: PrismTheme): TokenClasses {
  const module = serverTokenClasses ?? loadedTokenClasses();
  if (!module) return noTokenClasses;
  if (cached?.module !== module || cached.modes.light !== light || cached.modes.dark !== dark) {
    const modes = {light, dark};
    const byTypes = new Map<string, string | undefined>();
    const classNameOf: ClassNameOf = (types) => {
      const key = types.join(' ');
      if (!byTypes.has(key)) byTypes.set(key, module.styledTokenClassName(modes, types));
      return byTypes.get(key);
    };
    cached = {module, modes, classes: {classNameOf, stylesShowOnSpaces: module.stylesShowOnSpaces(modes)}};
  }
  return cached.classes;
}

/**
 * One line: its pieces as text and spans (../compactLine.ts). An empty line
 * holds a `<br>` alone, which gives it a line's height and, in a selection,
 * its line break; a line with text needs none (the line is a block).
 */
function CodeLine({pieces, className}: {pieces: LinePiece[]; className?: string[]}): ReactNode {
  return (
    <div className={clsx('token-line', className)}>
      {pieces.length === 0 ? (
        <br />
      ) : pieces.length === 1 && pieces[0].className === undefined ? (
        pieces[0].text
      ) : (
        pieces.map(({text, className: pieceClass}, i) =>
          pieceClass === undefined ? (
            text
          ) : (
            <span key={i} className={pieceClass}>
              {text}
            </span>
          ),
        )
      )}
    </div>
  );
}

/**
 * theme-classic's CodeBlock/Content, ejected (CUSTOM CODE) for three changes:
 *
 * - Tokens carry classes for their colours (../tokenClasses.ts), not inline
 *   styles: the HTML is lighter, and right in both colour modes without a
 *   second render.
 * - A line is drawn with as few nodes as show the same thing (../compactLine.ts):
 *   plain text as bare text, no empty spans, no `<br>` but on an empty line.
 *   The long pages had thousands of spans that drew nothing a text node would
 *   not, and paid for them in parse, style and layout time. Server and browser
 *   render the same DOM.
 * - A code block the server rendered is not rendered again in the browser:
 *   while the page hydrates, `<code>` is given an empty inner HTML, which React
 *   takes as "leave the server's DOM as it is", so Prism tokenizes nothing and
 *   React hydrates none of the thousands of token spans. The block stays that
 *   way (its text never changes); the `<pre>` around it, the title and the
 *   buttons (copy, word wrap) hydrate as usual. A block first rendered in the
 *   browser (after a client-side navigation) is tokenized and rendered there.
 * - The `<pre>` carries the block's size in lines and columns (../codeSize.ts),
 *   so that the code can wait to be laid out until it nears the viewport. A
 *   kept block's size is the server's: the browser does not have its text, and
 *   hydration leaves the server's attributes as they are.
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
  const pre = (children: ReactNode, size?: CodeSize) => (
    <pre
      ref={wordWrap.codeBlockRef}
      // A scrollable region must be reachable by keyboard (as upstream).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(
        classNameProp,
        `prism-code language-${language}`,
        styles.codeBlock,
        styles.scrollCue,
        'thin-scrollbar',
      )}
      style={size ? sizedStyle(prismTheme.plain, size) : prismTheme.plain}
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
  return (
    <Highlight theme={prismTheme} code={code} language={language}>
      {({tokens: lines}) => {
        // Read here, not above: in the browser the classes arrive with Prism, which re-renders this.
        const classes = tokenClassesFor(prism.theme, prism.darkTheme ?? prism.theme);
        const size =
          lineNumbersStart === undefined
            ? codeSize(lines.map((line) => line.map((token) => token.content).join('')))
            : undefined;
        return pre(
          <code className={codeClassName} style={codeStyle}>
            {lines.map((line, i) => {
              const pieces = compactLine(line, classes.classNameOf, classes.stylesShowOnSpaces);
              return lineNumbersStart === undefined ? (
                <CodeLine key={i} pieces={pieces} className={lineClassNames[i]} />
              ) : (
                <Line
                  key={i}
                  line={pieces.map(({text, className}) => ({types: [], content: text, className}))}
                  getLineProps={lineProps}
                  getTokenProps={pieceProps}
                  classNames={lineClassNames[i]}
                  showLineNumbers
                />
              );
            })}
          </code>,
          size,
        );
      }}
    </Highlight>
  );
}
