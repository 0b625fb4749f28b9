// The answer of GET /prod-api/api/TyScreen/ProjectFeatures?pjctid1= (docs/screens-api.md): what the
// projects in scope have data for, so the project header leaves out the entries a project has nothing
// for (issue 27: a project without a tunnel shows no 隧道管理, one no plant supplies no 混凝土).
export type ProjectFeatures = {
  /** A tunnel face (TunnelSection) or a tunnel device (gas detector, positioning reader) in scope. */
  tunnel: boolean;
  /** A plant stands behind the scope (ConcretePlant.supplied). */
  concrete: boolean;
};
