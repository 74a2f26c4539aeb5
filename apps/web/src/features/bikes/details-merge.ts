/**
 * A three-way merge of a bike's details, field by field, for an edit refused because a colleague
 * saved first (edit-bike-page.tsx): `base` is what the form was loaded with, `mine` what was typed,
 * `theirs` what is stored now. Pure, so every case is tested without a page.
 */

/** A detail's value; a cost price not known is null. */
type Value = string | number | null;
/** What was typed: a detail the form does not hold (undefined) counts as left alone. */
type Typed<Field extends string> = { [Name in Field]?: Value };

export interface DetailsMerge<Field extends string> {
  /** Theirs with my changes where they did not touch the field; a conflict keeps theirs. */
  merged: Record<Field, Value>;
  /** Both changed, to different values: the person decides. */
  conflicts: Field[];
  /** Only I changed: mine is kept. */
  onlyMine: Field[];
  /** Only they changed (or both, to the same value): theirs is kept. */
  onlyTheirs: Field[];
}

export function mergeDetails<Field extends string>(
  fields: readonly Field[],
  base: Record<Field, Value>,
  mine: Typed<Field>,
  theirs: Record<Field, Value>,
): DetailsMerge<Field> {
  const merged = {} as Record<Field, Value>;
  const conflicts: Field[] = [];
  const onlyMine: Field[] = [];
  const onlyTheirs: Field[] = [];
  for (const field of fields) {
    const typed = mine[field];
    const iChanged = typed !== undefined && typed !== base[field];
    const theyChanged = theirs[field] !== base[field];
    merged[field] = theirs[field];
    if (typed !== undefined && iChanged && !theyChanged) {
      merged[field] = typed;
      onlyMine.push(field);
    } else if (theyChanged && !iChanged) {
      onlyTheirs.push(field);
    } else if (iChanged && typed !== theirs[field]) {
      conflicts.push(field);
    } else if (theyChanged) {
      onlyTheirs.push(field);
    }
  }
  return { merged, conflicts, onlyMine, onlyTheirs };
}

/** The merge with my values in its conflicts: what "Save mine over theirs" saves. */
export function mineOverTheirs<Field extends string>(
  { merged, conflicts }: DetailsMerge<Field>,
  mine: Typed<Field>,
): Record<Field, Value> {
  const saved = { ...merged };
  for (const field of conflicts) saved[field] = mine[field] ?? merged[field];
  return saved;
}

/** The fields whose value `next` changes from `current`: all an edit needs to send. */
export function changedFields<Field extends string>(
  fields: readonly Field[],
  current: Record<Field, Value>,
  next: Typed<Field>,
): Typed<Field> {
  const changed: Typed<Field> = {};
  for (const field of fields) {
    const value = next[field];
    if (value !== undefined && value !== current[field]) changed[field] = value;
  }
  return changed;
}
