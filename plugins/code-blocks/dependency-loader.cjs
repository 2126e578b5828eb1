// webpack (and Rspack) loader, run before the MDX loader on every Markdown
// page: it leaves the source as it is and declares each examples/ file the page
// names in a sample fence as a dependency, so that editing a sample rebuilds its
// pages, in the dev server and through the persistent build cache alike. The
// plugin (./index.ts) hands it the patterns of ./sample.ts (a loader is plain
// JavaScript, so it cannot import them), so it finds the fences the remark step reads.
const path = require('node:path');

module.exports = function sampleDependencies(source) {
  const {siteDir, sampleFenceLine, fileSetting} = this.getOptions();
  if (typeof sampleFenceLine !== 'string' || typeof fileSetting !== 'string') {
    throw new Error(
      'dependency-loader.cjs needs the sampleFenceLine and fileSetting options (plugins/code-blocks/index.ts)',
    );
  }
  const fenceLine = new RegExp(sampleFenceLine);
  const file = new RegExp(fileSetting);
  for (const line of source.split('\n')) {
    const meta = fenceLine.exec(line)?.[2];
    const [, quoted, bare] = (meta && file.exec(meta)) || [];
    const sample = quoted ?? bare;
    if (sample?.startsWith('examples/')) this.addDependency(path.join(siteDir, sample));
  }
  return source;
};
