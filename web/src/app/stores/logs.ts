import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A collected error (spec §3 "Log entry"). */
export interface LogEntry {
  type: 'error' | 'ajax';
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

/** Enough to diagnose a session without letting localStorage grow without bound. */
export const MAX_LOGS = 100;

interface LogsState {
  logs: LogEntry[];
  add(entry: Omit<LogEntry, 'time' | 'url'> & { url?: string }): void;
  clear(): void;
}

export const useLogs = create<LogsState>()(
  persist(
    (set) => ({
      logs: [],
      add: (entry) =>
        set((s) => {
          const log: LogEntry = { url: window.location.href, time: timestamp(), ...entry };
          return { logs: [log, ...s.logs].slice(0, MAX_LOGS) };
        }),
      clear: () => set({ logs: [] }),
    }),
    { name: 'plantdesk-logs', storage: createJSONStorage(() => localStorage) },
  ),
);

function timestamp() {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
