// The theme components this plugin ships (getThemePath), as pages import them.
declare module '@theme/CopyPage' {
  export {default} from '@site/plugins/markdown-twins/theme/CopyPage';
}
