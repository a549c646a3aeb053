// The smallest Gatsby 5 site: no plugins, one page. npm run bench measures it
// as a reference for our pages' first paint (scripts/paintReferences.ts).
module.exports = { plugins: [] };
