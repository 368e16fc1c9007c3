// When a page is ready as its user sees it: performance.now() (from the navigation's start) at the first animation
// frame after every one of `selectors` is in the DOM. Playwright's own wall clock adds its page creation, `goto`
// and locator round trips, which on a loaded 2-core box or at 4x CPU are a large part of a cold load
// (bench/README.md "Session 14, issue 32").

// Runs in the page before its own scripts (page.addInitScript(watchFor, selectors)).
export function watchFor(selectors) {
  const seen = () => {
    if (window.__pdReady !== undefined || !selectors.every((s) => document.querySelector(s))) return;
    window.__pdReady = null;
    requestAnimationFrame(() => {
      window.__pdReady = performance.now();
    });
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true, attributes: true });
}

export const inPage = async (page) =>
  Math.round(await page.waitForFunction(() => window.__pdReady).then((h) => h.jsonValue()));
