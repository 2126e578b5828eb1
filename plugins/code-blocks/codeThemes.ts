import {themes, type PrismTheme} from 'prism-react-renderer';

/** A theme with one token type's color replaced. */
function withTokenColor(theme: PrismTheme, type: string, color: string): PrismTheme {
  return {
    ...theme,
    styles: theme.styles.map((rule) => (rule.types.includes(type) ? {...rule, style: {...rule.style, color}} : rule)),
  };
}

/**
 * Code themes whose every token reaches 4.5:1 against the code background
 * (axe color-contrast): VS light with a darker attribute red, Dracula with a
 * lighter comment blue. tests/unit/content/code-themes.test.ts checks every token.
 */
export const codeThemes = {
  light: withTokenColor(themes.vsLight, 'attr-name', '#b00000'),
  dark: withTokenColor(themes.dracula, 'comment', '#9aa5ce'),
};
