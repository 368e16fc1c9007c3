/** Type-5 (custom) data-scope values: a comma list of literals and typed variables (docs/decisions.md). */

export const SCOPE_VARIABLES = ['userId', 'deptId', 'roleId', 'tenantId', 'account'] as const;
export type ScopeVariable = (typeof SCOPE_VARIABLES)[number];

export const variableToken = (name: ScopeVariable) => `\${${name}}`;

/** The stored comma list as items (trimmed, empty ones dropped). */
export function splitScopeValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (value === undefined || value === null) return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Items back to the wire: comma-joined, duplicates dropped. */
export function joinScopeValue(items: string[]): string {
  return [...new Set(items.map((v) => v.trim()).filter(Boolean))].join(',');
}

export type ScopeValueProblem = { kind: 'unknownVariable' | 'badItem'; item: string } | null;

/**
 * The first problem of a value: a `${...}` that is not one of the five variables, or a literal holding
 * quotes, `$`/braces or an inner blank (values are bound as literals, never SQL, but a quoted or half
 * typed item is a mistake).
 */
export function checkScopeValue(items: string[]): ScopeValueProblem {
  const known = new Set<string>(SCOPE_VARIABLES.map(variableToken));
  for (const item of items) {
    if (item.includes('${') || item.includes('}')) {
      if (!known.has(item)) return { kind: 'unknownVariable', item };
    } else if (/['"`$\s{}]/.test(item)) return { kind: 'badItem', item };
  }
  return null;
}
