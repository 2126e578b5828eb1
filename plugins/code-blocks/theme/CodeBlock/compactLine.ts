/**
 * A line of Prism tokens as few DOM nodes as show the same thing: most of a
 * long page's elements were token spans, and a third of them drew nothing a
 * bare text node would not (plain text, empty tokens, spaces). A line becomes
 * a list of pieces, each a text node (no class) or a span (its classes):
 *
 * - a token whose types give it no style in any colour mode (plain text) is text;
 * - a token with no text is dropped (an empty line has no piece at all);
 * - a token of spaces only is text, or joins the span it sits between when
 *   both neighbours have the same classes, as long as no token style can be
 *   seen on spaces (colour and font style only: no background, underline or border);
 * - neighbours with the same classes are one piece.
 *
 * The text of the line, piece after piece, is the tokens' text unchanged.
 */
import type {Token} from 'prism-react-renderer';

export interface LinePiece {
  text: string;
  /** The span's classes; none for a bare text node. */
  className?: string;
}

/** A token's classes, or undefined when its types give it no style: it then looks exactly like plain text. */
export type ClassNameOf = (types: readonly string[]) => string | undefined;

const spacesOnly = /^[ \t]+$/;

/**
 * @param classNameOf the classes of a token of these types
 * @param stylesShowOnSpaces whether some token style would show on spaces (a background, an underline…)
 */
export function compactLine(
  line: readonly Token[],
  classNameOf: ClassNameOf,
  stylesShowOnSpaces: boolean,
): LinePiece[] {
  const pieces: LinePiece[] = [];
  line.forEach((token, i) => {
    // prism-react-renderer's empty line is one token '\n' marked empty: it has no text to show.
    const text = token.empty === true ? '' : token.content;
    if (text === '') return;
    let className = classNameOf(token.types);
    if (!stylesShowOnSpaces && spacesOnly.test(text)) {
      const previous = pieces.at(-1);
      const next = line.slice(i + 1).find((later) => later.content !== '' && later.empty !== true);
      const between =
        previous?.className !== undefined && next !== undefined && classNameOf(next.types) === previous.className;
      className = between ? previous.className : undefined;
    }
    const previous = pieces.at(-1);
    if (previous && previous.className === className) previous.text += text;
    else pieces.push(className === undefined ? {text} : {text, className});
  });
  return pieces;
}
