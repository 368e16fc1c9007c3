import {
  type CatalogueNode,
  type CatalogueRead,
  type ChangeLogRead,
  type Citation,
  type CommentRead,
  type ConversationRead,
  type FileRelaRead,
  getAiConversationsList,
  getAiConversationsMessages,
  getAiMode,
  getAiProviderDetail,
  getAlarmEventSelectKnowledgeByEventId,
  getKnowledgeCatalogueTree,
  getKnowledgeChangelogListNoPage,
  getKnowledgeCommentsList,
  getKnowledgeFilerelaList,
  getKnowledgeInfoDetail,
  getKnowledgeInfoPage,
  getKnowledgeInfoSearch,
  type InfoRead,
  type InfoWrite,
  type MessageRead,
  type ModeRead,
  type ProviderRead,
  type ProviderWrite,
  postAiConversationsRemove,
  postAiProviderSubmit,
  postAlarmEventUnloadKnow,
  postKnowledgeCatalogueRemove,
  postKnowledgeCatalogueSave,
  postKnowledgeCommentsRemove,
  postKnowledgeCommentsSubmit,
  postKnowledgeFilerelaRemove,
  postKnowledgeFilerelaSubmit,
  postKnowledgeInfoRemove,
  postKnowledgeInfoSave,
  type SearchHit,
} from './generated/client';
import type { Page } from './types';

/**
 * Knowledge base (spec §7 Knowledge, /api/knowledge) and the assistant's conversations (/api/ai). Ids are
 * strings on the wire; the generated query types say number for int query parameters, hence `as never`.
 */

export type {
  CatalogueNode,
  ChangeLogRead,
  Citation,
  CommentRead,
  ConversationRead,
  FileRelaRead,
  InfoRead,
  MessageRead,
  ModeRead,
  ProviderRead,
  ProviderWrite,
  SearchHit,
};

export const knowledgeApi = {
  tree: async () => (await getKnowledgeCatalogueTree()).data ?? [],
  saveCatalogue: async (body: { id?: string; parentId?: string; name: string }) =>
    (await postKnowledgeCatalogueSave(body)).data as CatalogueRead,
  removeCatalogue: (id: string) => postKnowledgeCatalogueRemove({ params: { ids: id } }),
  page: async (query: { current: number; size: number; catalogueId?: string; title?: string }) =>
    (await getKnowledgeInfoPage(query as never)).data as Page<InfoRead>,
  search: async (q: string, catalogueId?: string) =>
    (await getKnowledgeInfoSearch({ q, catalogueId, limit: 50 } as never)).data ?? [],
  detail: async (id: string) => (await getKnowledgeInfoDetail({ id } as never)).data as InfoRead,
  save: async (body: InfoWrite) => (await postKnowledgeInfoSave(body)).data as InfoRead,
  remove: (id: string) => postKnowledgeInfoRemove({ params: { ids: id } }),
  files: async (infoId: string) => (await getKnowledgeFilerelaList({ infoId } as never)).data ?? [],
  addFile: (infoId: string, attachId: string) => postKnowledgeFilerelaSubmit({ infoId, attachId }),
  removeFile: (id: string) => postKnowledgeFilerelaRemove({ params: { ids: id } }),
  comments: async (infoId: string) => (await getKnowledgeCommentsList({ infoId } as never)).data ?? [],
  comment: (infoId: string, content: string, parentId?: string) =>
    postKnowledgeCommentsSubmit({ infoId, content, parentId }),
  removeComment: (id: string) => postKnowledgeCommentsRemove({ params: { ids: id } }),
  changes: async (infoId: string) =>
    (await getKnowledgeChangelogListNoPage({ params: { infoId } })).data ?? [],
};

/** An alarm event's knowledge links (spec §7 Alarm: selectKnowledgeByEventId, unloadKnow). */
export const eventKnowledgeApi = {
  list: async (eventId: string) =>
    (await getAlarmEventSelectKnowledgeByEventId({ eventId } as never)).data ?? [],
  /** The event's links become exactly `knowledgeIds`. */
  set: async (eventId: string, knowledgeIds: string[]) =>
    (await postAlarmEventUnloadKnow({ eventId, knowledgeIds })).data ?? [],
};

/** The assistant's mode (built-in, or the tenant's model) and what the built-in mode answers, for the caller. */
export const assistantModeApi = {
  detail: async () => (await getAiMode()).data as ModeRead,
};

export const conversationApi = {
  list: async () => (await getAiConversationsList()).data ?? [],
  messages: async (id: string) => (await getAiConversationsMessages({ id } as never)).data ?? [],
  remove: (id: string) => postAiConversationsRemove({ params: { ids: id } }),
};

/** The tenant's OpenAI-compatible provider (tenant administrators); the key is write-only (`hasKey`). */
export const providerApi = {
  detail: async () => (await getAiProviderDetail()).data as ProviderRead,
  save: async (body: ProviderWrite) => (await postAiProviderSubmit(body)).data as ProviderRead,
};
