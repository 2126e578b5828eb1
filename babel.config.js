// Docusaurus Faster compiles site code with SWC; this preset stays for tools
// that still load Babel (and for the day the SWC loader is switched off).
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
