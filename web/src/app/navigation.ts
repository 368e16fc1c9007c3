/**
 * Navigation for code outside components (session expiry in the HTTP layer, logout). The router
 * registers itself here once created; this indirection keeps the router out of the stores' imports.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigate(navigate: Navigate) {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }) {
  navigateImpl(to, options);
}
