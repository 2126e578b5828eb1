// The part of code highlighting that stays out of the first load: Prism with
// every language prism-react-renderer bundles, our additional languages
// (themeConfig.prism.additionalLanguages, registered as theme-classic's client
// module does) and the themes. Loaded by ./index.tsx.
import {Highlight, Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);

export {Highlight};
