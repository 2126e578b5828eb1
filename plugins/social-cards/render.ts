// Draws one social card: satori lays the card out and turns its text into
// paths (SVG), resvg (WebAssembly) rasterizes the SVG. No browser, no native binary.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import satori from 'satori';
import {initWasm, Resvg} from '@resvg/resvg-wasm';
import {socialCardSize} from './socialCard';

export interface CardText {
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** Host and path shown at the foot of the card, such as `docs.coinwharf.com/welcome`. */
  address: string;
}

export interface CardStyle {
  siteTitle: string;
  /** The logo as SVG markup, if the site has one. */
  logoSvg?: string;
}

const colors = {
  background: '#0b2422',
  title: '#ffffff',
  description: '#d1e7e4',
  accent: '#2dd4bf',
} as const;

// resvg's WebAssembly module can be started once per process.
let wasmReady: Promise<void> | undefined;

/** Loads the fonts and the rasterizer from the site's node_modules. */
function tools(siteDir: string) {
  const require = createRequire(path.join(siteDir, 'package.json'));
  wasmReady ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  const fonts = ([400, 700] as const).map((weight) => ({
    name: 'Inter',
    weight,
    style: 'normal' as const,
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
  }));
  return {ready: wasmReady, fonts};
}

type Node = {type: string; props: Record<string, unknown>};
const div = (style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: {style: {display: 'flex', ...style}, children},
});

function card(text: CardText, style: CardStyle): Node {
  const logo: Node[] = style.logoSvg
    ? [
        {
          type: 'img',
          props: {
            src: `data:image/svg+xml;base64,${Buffer.from(style.logoSvg).toString('base64')}`,
            width: 72,
            height: 72,
          },
        },
      ]
    : [];
  return div(
    {
      boxSizing: 'border-box',
      width: socialCardSize.width,
      height: socialCardSize.height,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      background: colors.background,
      borderBottom: `16px solid ${colors.accent}`,
      fontFamily: 'Inter',
    },
    div({alignItems: 'center', gap: 24, color: colors.title, fontSize: 36, fontWeight: 700}, ...logo, style.siteTitle),
    div(
      {flexDirection: 'column', gap: 24, width: '100%'},
      // Block boxes: satori clamps lines (with an ellipsis) only there.
      div(
        {
          display: 'block',
          width: '100%',
          color: colors.title,
          fontSize: 60,
          fontWeight: 700,
          lineHeight: 1.15,
          lineClamp: 2,
        },
        text.title,
      ),
      div(
        {display: 'block', width: '100%', color: colors.description, fontSize: 30, lineHeight: 1.4, lineClamp: 3},
        text.description,
      ),
    ),
    div({color: colors.accent, fontSize: 28}, text.address),
  );
}

/** A function drawing cards as PNG bytes, 1200 × 630. */
export function cardRenderer(siteDir: string, style: CardStyle) {
  const {ready, fonts} = tools(siteDir);
  return async (text: CardText): Promise<Uint8Array> => {
    await ready;
    const svg = await satori(card(text, style) as Parameters<typeof satori>[0], {...socialCardSize, fonts});
    return new Resvg(svg, {fitTo: {mode: 'width', value: socialCardSize.width}}).render().asPng();
  };
}
