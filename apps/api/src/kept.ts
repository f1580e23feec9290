/** Values kept for the last `max` keys asked; beyond them the oldest is forgotten and made again when asked. */
export function keptValues<V>(max: number): (key: string, make: () => V) => V {
  const kept = new Map<string, V>();
  return (key, make) => {
    let found = kept.get(key);
    if (found === undefined) {
      found = make();
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(key, found);
    }
    return found;
  };
}
