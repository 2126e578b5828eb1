// The part of code highlighting that stays out of the first load: Prism with
// every language prism-react-renderer bundles, our additional languages
// (themeConfig.prism.additionalLanguages, registered as theme-classic's client
// module does), the themes, and the token classes a code line is drawn with
// (src/theme/CodeBlock/tokenClasses.ts): only a block with tokens needs them.
// Loaded by ./index.tsx.
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {Highlight};
export {styledTokenClassName, stylesShowOnSpaces} from '@site/src/theme/CodeBlock/tokenClasses';
