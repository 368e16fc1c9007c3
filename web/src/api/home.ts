import {
  getBladeDeskHomeLayout,
  getBladeDeskHomeSummary,
  type HomeCardInput as HomeCard,
  type HomeLayoutRead,
  type HomeSummary,
  postBladeDeskHomeLayout,
} from './generated/client';
import { areaKeys } from './queryKeys';

export type { HomeCard, HomeLayoutRead, HomeSummary };

export const homeKeys = areaKeys('home');

/** The plant home's one read: every card's data, only the sections the caller may read. */
export async function fetchHomeSummary(): Promise<HomeSummary> {
  return (await getBladeDeskHomeSummary()).data as HomeSummary;
}

export async function fetchHomeLayout(): Promise<HomeLayoutRead> {
  return (await getBladeDeskHomeLayout()).data as HomeLayoutRead;
}

/** Keeps the caller's card order and hidden cards; no cards: back to the role's default. */
export async function saveHomeLayout(cards: HomeCard[]): Promise<HomeLayoutRead> {
  return (await postBladeDeskHomeLayout({ cards })).data as HomeLayoutRead;
}
