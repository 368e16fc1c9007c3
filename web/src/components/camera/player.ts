import Hls from 'hls.js';

/** How a stream is played: HLS (hls.js, or the browser's own where it has one), WebRTC (WHEP), a file. */
export type PlayKind = 'hls' | 'webrtc' | 'flv' | 'file';

export interface Playback {
  stop(): void;
}

/**
 * Play `url` of type `kind` in `video`; `onError` hears a failure once (the tile shows it). HTTP-FLV goes
 * through mpegts.js, loaded only when an FLV camera plays.
 */
export function play(
  video: HTMLVideoElement,
  kind: PlayKind,
  url: string,
  onError: (why: string) => void,
): Playback {
  if (kind === 'hls') return playHls(video, url, onError);
  if (kind === 'webrtc') return playWhep(video, url, onError);
  if (kind === 'flv') return playFlv(video, url, onError);
  video.src = url;
  video.onerror = () => onError('media');
  void video.play().catch(() => {});
  return {
    stop() {
      video.onerror = null;
      video.removeAttribute('src');
      video.load();
    },
  };
}

function playHls(video: HTMLVideoElement, url: string, onError: (why: string) => void): Playback {
  if (!Hls.isSupported()) {
    // Safari and iOS play HLS themselves.
    return play(video, 'file', url, onError);
  }
  const hls = new Hls({
    maxBufferLength: 10,
    backBufferLength: 10,
    enableWorker: true,
    lowLatencyMode: true,
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else onError(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
  });
  hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => {}));
  hls.loadSource(url);
  hls.attachMedia(video);
  return { stop: () => hls.destroy() };
}

/** HTTP-FLV (what SRS, ZLMediaKit, go2rtc and many NVR gateways serve) through mpegts.js, whose chunk is fetched
 * on the first FLV camera played; a browser without Media Source Extensions says so. */
function playFlv(video: HTMLVideoElement, url: string, onError: (why: string) => void): Playback {
  let stopped = false;
  let player: { destroy(): void } | null = null;
  import('mpegts.js')
    .then(({ default: mpegts }) => {
      if (stopped) return;
      if (!mpegts.getFeatureList().mseLivePlayback) {
        onError('flv');
        return;
      }
      const flv = mpegts.createPlayer(
        { type: 'flv', isLive: true, url },
        { enableWorker: false, liveBufferLatencyChasing: true, lazyLoad: false },
      );
      flv.on(mpegts.Events.ERROR, (type: string) =>
        onError(type === mpegts.ErrorTypes.NETWORK_ERROR ? 'network' : 'media'),
      );
      flv.attachMediaElement(video);
      flv.load();
      void Promise.resolve(flv.play()).catch(() => {});
      player = flv;
    })
    .catch(() => !stopped && onError('network'));
  return {
    stop() {
      stopped = true;
      player?.destroy();
      player = null;
    },
  };
}

/** WebRTC through WHEP (MediaMTX, SRS, go2rtc serve it): POST an offer, set the answer. */
function playWhep(video: HTMLVideoElement, url: string, onError: (why: string) => void): Playback {
  const pc = new RTCPeerConnection();
  let stopped = false;
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  pc.ontrack = (event) => {
    video.srcObject = event.streams[0] ?? new MediaStream([event.track]);
    void video.play().catch(() => {});
  };
  pc.onconnectionstatechange = () => {
    if (!stopped && pc.connectionState === 'failed') onError('network');
  };
  (async () => {
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sdp' },
      body: offer.sdp,
    });
    if (!answer.ok) throw new Error(String(answer.status));
    await pc.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
  })().catch(() => !stopped && onError('network'));
  return {
    stop() {
      stopped = true;
      pc.close();
      video.srcObject = null;
    },
  };
}

/** The current frame of `video` as a PNG data URL (null while no frame is shown, or for a cross-origin stream
 * without CORS, whose frames the browser keeps from scripts). */
export function snapshot(video: HTMLVideoElement): string | null {
  if (!video.videoWidth) return null;
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  canvas.getContext('2d')?.drawImage(video, 0, 0);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}
