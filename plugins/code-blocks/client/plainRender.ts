import type {HighlightProps, LineInputProps, RenderProps, Token, TokenInputProps} from 'prism-react-renderer';

const newline = /\r\n|\r|\n/;

/** A line of code as one plain token, an empty line as prism-react-renderer marks it. */
function plainLine(line: string): Token[] {
  return [line === '' ? {types: ['plain'], content: '\n', empty: true} : {types: ['plain'], content: line}];
}

/** What prism-react-renderer hands its children, with each line as plain text in the theme's plain colours. */
export function plainRenderProps({code, language, theme}: HighlightProps): RenderProps {
  const plain = theme?.plain ?? {};
  const {backgroundColor: _background, ...lineStyle} = plain;
  return {
    tokens: code.split(newline).map(plainLine),
    className: `prism-code language-${language.toLowerCase()}`,
    style: plain,
    getLineProps: ({className, style, line: _line, ...rest}: LineInputProps) => ({
      ...rest,
      className: ['token-line', className].filter(Boolean).join(' '),
      style: {...lineStyle, ...style},
    }),
    getTokenProps: ({token, className, style, ...rest}: TokenInputProps) => ({
      ...rest,
      className: ['token', ...token.types, className].filter(Boolean).join(' '),
      children: token.content,
      style: token.empty ? {display: 'inline-block', ...style} : style,
    }),
  };
}
