// The theme components this plugin ships (getThemePath), as pages import them.
declare module '@theme/ExampleTabs' {
  export {default} from '@site/plugins/code-blocks/theme/ExampleTabs';
}
declare module '@theme/ExampleTab' {
  export {default} from '@site/plugins/code-blocks/theme/ExampleTab';
}
declare module '@theme/WholeSample' {
  export {default} from '@site/plugins/code-blocks/theme/WholeSample';
}
