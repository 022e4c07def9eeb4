// The import check `npm run lint` runs (dependency-cruiser): no module may import itself
// through others, type-only imports included, so each room of the code sits on the ones
// beneath it (docs: README, "Where things live").
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: move what both sides need into a module beneath them.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports count: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { conditionNames: ["import", "node", "default"] },
    exclude: { path: "^(build|build-[^/]+|\\.react-router|node_modules)/" },
  },
};
