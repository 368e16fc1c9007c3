import { defineArea } from '../area';

/** AI 助手 (/index/aiChat): conversations with the assistant, streamed, with citations. */
export const indexAiChat = defineArea('index.aiChat', {
  zh: {
    title: 'AI 助手',
    back: '返回',
    newChat: '新对话',
    history: '历史对话',
    noHistory: '暂无对话',
    placeholder: '输入问题,例如:P-101A 振动高怎么处理?(Enter 发送,Shift+Enter 换行)',
    send: '发送',
    stop: '停止',
    stopped: '已停止',
    sources: '引用',
    screens: '相关画面',
    delete: '删除',
    confirmDelete: '确定删除该对话?',
    welcome: '我可以根据知识库和装置的实时数据回答问题,并给出引用。',
    you: '我',
    assistant: '助手',
  },
  en: {
    title: 'AI assistant',
    back: 'Back',
    newChat: 'New chat',
    history: 'History',
    noHistory: 'No conversations yet',
    placeholder:
      'Ask a question, e.g. what to do about high vibration on P-101A? (Enter sends, Shift+Enter breaks)',
    send: 'Send',
    stop: 'Stop',
    stopped: 'Stopped',
    sources: 'Sources',
    screens: 'Screens',
    delete: 'Delete',
    confirmDelete: 'Delete this conversation?',
    welcome: 'I answer from the knowledge base and the plant’s live data, with citations.',
    you: 'You',
    assistant: 'Assistant',
  },
});
