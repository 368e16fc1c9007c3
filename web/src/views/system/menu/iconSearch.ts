/** Icon names matching a search: case-insensitive substring, `Outlined` suffix ignored, sorted. */
export function filterIconNames(names: Iterable<string>, search: string): string[] {
  const wanted = search
    .trim()
    .toLowerCase()
    .replace(/outlined$/, '');
  return [...names]
    .filter((name) =>
      name
        .toLowerCase()
        .replace(/outlined$/, '')
        .includes(wanted),
    )
    .sort();
}
