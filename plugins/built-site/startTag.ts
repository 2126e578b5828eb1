// One gap in node-html-parser 9.0.7 that Docusaurus Faster's minifier hits:
// in `<link rel=canonical href=https://docs.coinwharf.com/payments/>` the
// parser takes the final "/" of a void element for a self-closing slash and
// drops it from the value, while HTML puts it in the unquoted value (the
// tokenizer's "attribute value (unquoted)" state only ends at whitespace or
// ">"). This walks one start tag the way that tokenizer does, to tell.

/** HTML's ASCII whitespace. */
export const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';

/**
 * The (lower-case) name of the attribute whose unquoted value ends the start
 * tag `tag` (`<name ...>`, as written) with a "/", if any: that "/" is part
 * of the value, not a self-closing flag. Undefined when the name repeats an
 * earlier attribute, since the first one is the attribute then.
 */
export function attributeEndingInSlash(tag: string): string | undefined {
  const seen = new Set<string>();
  let i = 1;
  // The tag name.
  while (i < tag.length && !isSpace(tag[i]) && tag[i] !== '/' && tag[i] !== '>') i += 1;
  while (i < tag.length && tag[i] !== '>') {
    // Before an attribute name, whitespace and a "/" not followed by ">" are skipped.
    if (isSpace(tag[i]) || tag[i] === '/') {
      i += 1;
      continue;
    }
    // The name: its first character may be "=".
    const nameStart = i;
    i += 1;
    while (i < tag.length && !isSpace(tag[i]) && tag[i] !== '/' && tag[i] !== '>' && tag[i] !== '=') i += 1;
    const name = tag.slice(nameStart, i).toLowerCase();
    const repeated = seen.has(name);
    seen.add(name);
    while (isSpace(tag[i])) i += 1;
    if (tag[i] !== '=') continue;
    i += 1;
    while (isSpace(tag[i])) i += 1;
    const quote = tag[i];
    if (quote === '"' || quote === "'") {
      const close = tag.indexOf(quote, i + 1);
      i = close === -1 ? tag.length : close + 1;
      continue;
    }
    const valueStart = i;
    while (i < tag.length && !isSpace(tag[i]) && tag[i] !== '>') i += 1;
    if (tag[i] === '>' && i > valueStart && tag[i - 1] === '/') return repeated ? undefined : name;
  }
  return undefined;
}
