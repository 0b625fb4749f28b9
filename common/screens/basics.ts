// Wire pieces every large-screen answer uses (docs/screens-api.md "Common rules"): a dictionary code with its
// Chinese name and count, a §3.5 project status with its count, and a project's §3.4 map state.

/** A code with its Chinese name from a dictionary. */
export type Named = { code: string; name: string };

/** A dictionary option with its count. */
export type NamedCount = Named & { count: number };

/** A §3.5 project status (1–5) with its Chinese name and count. */
export type StatusCount = { status: number; name: string; count: number };

/** §3.4 map state of a project, from its §3.5 status (1 planning … 5 stopped). */
export type ProjectState = 'inProgress' | 'stopped' | 'finished' | 'waitingStart' | 'planning';
