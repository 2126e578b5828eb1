// The part of code highlighting that stays out of the browser's first load:
// Prism with every language prism-react-renderer bundles, our additional
// languages (themeConfig.prism.additionalLanguages, registered here since
// patches/@docusaurus+theme-classic+*.patch empties the client module that did),
// the themes, and the token classes a code line is drawn with
// (../theme/CodeBlock/tokenClasses.ts): only a block with tokens needs them.
// Loaded by ./index.tsx (in the server's bundle, from the start).
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {Highlight};
export {styledTokenClassName, stylesShowOnSpaces} from '../theme/CodeBlock/tokenClasses';
