// webpack (and Rspack) loader, run before the MDX loader on every Markdown
// page: it leaves the source as it is and declares each examples/ file the page
// names as a dependency, so that editing a sample rebuilds its pages, in the
// dev server and through the persistent build cache alike.
const path = require('node:path');

module.exports = function sampleDependencies(source) {
  const {siteDir} = this.getOptions();
  for (const [, quoted, bare] of source.matchAll(/(?:^|\s)file=(?:"(examples\/[^"]+)"|(examples\/\S+))/g)) {
    this.addDependency(path.join(siteDir, quoted ?? bare));
  }
  return source;
};
