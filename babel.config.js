// Used only by the webpack build (DOCUSAURUS_FASTER=false); Docusaurus Faster uses SWC.
module.exports = {
  presets: [require.resolve('@docusaurus/core/lib/babel/preset')],
};
