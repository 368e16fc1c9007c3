import { useSession } from '#src/app/stores/session';
import { fetchStream, readEvents } from './http';

/**
 * The live channel (docs/decisions.md "Live channel"): one server-push stream per console, GET /api/blade-desk/live,
 * opened while someone subscribes and a session exists. Read with fetch, not EventSource: EventSource cannot send
 * the Blade-Auth and Tenant-Id headers, and the token must stay out of URLs. It goes through the HTTP layer's
 * `fetchStream` (headers, a 401 refreshes the token); any other failure reconnects with back-off. The topic set is the union of the
 * subscriptions: when it changes the stream is reopened, and every (re)open tells the subscribers to reload
 * (`open`), since events may have been missed meanwhile.
 */

export type LiveStatus = 'down' | 'connecting' | 'open';

export interface LiveHandlers {
  /** Events of the topic, each a list of payloads. */
  event: (data: unknown[]) => void;
  /** The stream (re)opened with this topic granted, or asked for a resync: reload what is shown. */
  reload: () => void;
}

interface Subscription {
  topic: string;
  keys?: readonly string[];
  handlers: LiveHandlers;
}

export const LIVE_PATH = '/api/blade-desk/live';

/** The topic of the points' newest values (backend: device/monitor/push.py). */
export const REALTIME_TOPIC = 'monitor.realtime';

/** One value of the realtime topic. */
export interface LiveValue {
  pointId: string;
  value: number | null;
  textValue: string | null;
  ts: number;
  time?: string;
  quality: number;
}
const REOPEN_DELAY_MS = 150;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type StatusListener = (status: LiveStatus, granted: ReadonlySet<string>) => void;

export class LiveChannel {
  status: LiveStatus = 'down';
  /** Topics the server granted on the open stream. */
  granted: ReadonlySet<string> = new Set();
  private readonly subscriptions = new Set<Subscription>();
  private readonly listeners = new Set<StatusListener>();
  private abort: AbortController | null = null;
  private openedWith = '';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;

  constructor(private readonly fetchImpl: typeof fetch = (...args) => fetch(...args)) {}

  subscribe(topic: string, handlers: LiveHandlers, keys?: readonly string[]): () => void {
    const sub: Subscription = { topic, keys, handlers };
    this.subscriptions.add(sub);
    this.schedule(REOPEN_DELAY_MS);
    return () => {
      this.subscriptions.delete(sub);
      this.schedule(REOPEN_DELAY_MS);
    };
  }

  onStatus(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether `topic` is delivered now: the stream is open and granted it. */
  live(topic: string): boolean {
    return this.status === 'open' && this.granted.has(topic);
  }

  /** End the stream and open it again (with the session's current token) if anyone still subscribes. */
  reopen() {
    this.abort?.abort();
    this.abort = null;
    this.openedWith = '';
    this.setStatus('down', new Set());
    this.schedule(0);
  }

  close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.abort?.abort();
    this.abort = null;
    this.openedWith = '';
    this.setStatus('down', new Set());
  }

  /** The `topic` parameters: `name` or `name:key,key` (keys merged over the subscriptions; one without keys wants all). */
  query(): string {
    const keys = new Map<string, Set<string> | null>();
    for (const { topic, keys: wanted } of this.subscriptions) {
      const known = keys.get(topic);
      if (known === null) continue;
      if (!wanted) keys.set(topic, null);
      else keys.set(topic, new Set([...(known ?? []), ...wanted]));
    }
    const params = new URLSearchParams();
    for (const [topic, set] of [...keys].sort(([a], [b]) => a.localeCompare(b))) {
      params.append('topic', set ? `${topic}:${[...set].sort().join(',')}` : topic);
    }
    return params.toString();
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }

  private setStatus(status: LiveStatus, granted: ReadonlySet<string>) {
    if (status === this.status && [...granted].join() === [...this.granted].join()) return;
    this.status = status;
    this.granted = granted;
    for (const listener of this.listeners) listener(status, granted);
  }

  private async connect() {
    const query = this.query();
    if (!this.subscriptions.size || !useSession.getState().token) {
      this.close();
      return;
    }
    if (query === this.openedWith && this.abort) return;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    this.openedWith = query;
    if (this.status !== 'open') this.setStatus('connecting', new Set());
    try {
      const response = await fetchStream(
        `${LIVE_PATH}?${query}`,
        { headers: { Accept: 'text/event-stream' }, signal: abort.signal },
        this.fetchImpl,
      );
      if (!response.ok || !response.body) throw new Error(`live channel: HTTP ${response.status}`);
      await readEvents(response.body, (name, data) => this.dispatch(name, data), abort.signal);
      this.failures = 0;
      this.retry(abort, 0); // the server ended it (token expiry, restart): open again at once
    } catch {
      if (abort.signal.aborted) return;
      this.retry(abort, BACKOFF_MS[Math.min(this.failures++, BACKOFF_MS.length - 1)]);
    }
  }

  private retry(abort: AbortController, delay: number) {
    if (this.abort !== abort) return; // replaced meanwhile
    this.abort = null;
    this.openedWith = '';
    this.setStatus('down', new Set());
    this.schedule(delay);
  }

  private dispatch(name: string, data: string) {
    if (!name) return; // a heartbeat comment
    const parsed = data ? JSON.parse(data) : null;
    if (name === 'open') {
      this.setStatus('open', new Set(parsed?.topics ?? []));
      for (const sub of this.subscriptions) if (this.granted.has(sub.topic)) sub.handlers.reload();
    } else if (name === 'resync') {
      for (const sub of this.subscriptions) sub.handlers.reload();
    } else {
      for (const sub of this.subscriptions) if (sub.topic === name) sub.handlers.event(parsed);
    }
  }
}

/** The console's one channel. */
export const liveChannel = new LiveChannel();

// A new token (a refresh, another login) reopens the stream with it; a logout ends it.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) liveChannel.reopen();
});
