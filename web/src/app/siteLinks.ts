/**
 * Header links to the sibling sites (spec §1): set at build time through Vite env variables, e.g.
 * VITE_DATA_CENTRE_URL=https://dc.example.com npm run build. A link left empty hides its button.
 */
export interface SiteLinks {
  dataCentre: string;
  largeScreen: string;
  topology: string;
  frontPage: string;
}

export const siteLinks: SiteLinks = {
  dataCentre: import.meta.env.VITE_DATA_CENTRE_URL ?? '',
  largeScreen: import.meta.env.VITE_LARGE_SCREEN_URL ?? '',
  topology: import.meta.env.VITE_TOPOLOGY_URL ?? '',
  frontPage: import.meta.env.VITE_FRONT_PAGE_URL ?? '',
};
