/** Moves the element at `from` to index `to` (a new array). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** The `item/sort` payload: item_id → 1-based position (spec §4). */
export function positionsOf(list: ReadonlyArray<{ item_id: number | string }>): Record<string, number> {
  return Object.fromEntries(list.map((item, index) => [String(item.item_id), index + 1]));
}
