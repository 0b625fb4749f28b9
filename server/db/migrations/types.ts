// A migration is a name and static DDL statements, applied once in order inside one transaction.
export type Migration = { name: string; statements: readonly string[] };
