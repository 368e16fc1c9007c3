/**
 * Tree screens (roles, departments): the root parent is `0` on the wire and an empty tree-select in the
 * form. Shared by the role and department views.
 */
export function fromParent<T extends { parentId?: string | number }>(row: T): T {
  return String(row.parentId ?? '0') === '0' ? { ...row, parentId: undefined } : row;
}

/** The wire body: an emptied parent goes back to the root (`0`), so a node can move to the top. */
export function toParent(body: Record<string, unknown>): Record<string, unknown> {
  const parent = body.parentId;
  return { ...body, parentId: parent === undefined || parent === null || parent === '' ? '0' : parent };
}
