/** The screen's message key and the permission codes of its buttons (the menu's CRUD buttons). */
export const T = (key: string) => `alarm.tracking.${key}`;
export const CODES = { add: 'tracking_add', edit: 'tracking_edit', delete: 'tracking_delete' };
