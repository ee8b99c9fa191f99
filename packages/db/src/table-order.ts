/** A foreign key: `table` has a column that references `references`. */
export interface ForeignKey {
  table: string;
  references: string;
}

/** Tables whose foreign keys reference each other round a cycle: no order loads them one by one. */
export class TableCycleError extends Error {
  constructor(readonly tables: string[]) {
    super(`These tables reference each other in a cycle, so no load order exists: ${tables.join(', ')}`);
  }
}

/**
 * The tables in an order where each comes after every table it references, so that rows can be
 * loaded table by table with the foreign keys checked as they go. A table that references itself
 * needs no order (its rows arrive in one statement, checked at its end). Ties go alphabetically:
 * one schema always gives one order. Keys naming a table outside the list are ignored.
 */
export function dependencyOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const known = new Set(tables);
  const needs = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const k of keys) {
    if (k.table === k.references || !known.has(k.table) || !known.has(k.references)) continue;
    needs.get(k.table)!.add(k.references);
  }
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = [...needs].filter(([t, deps]) => !placed.has(t) && [...deps].every((d) => placed.has(d))).map(([t]) => t).sort();
    if (ready.length === 0) throw new TableCycleError([...needs.keys()].filter((t) => !placed.has(t)).sort());
    for (const t of ready) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}
