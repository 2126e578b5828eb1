// The theme components this plugin ships (getThemePath), as pages import them.
declare module '@theme/FoldedFields' {
  export {default} from '@site/plugins/api-reference/theme/FoldedFields';
}
