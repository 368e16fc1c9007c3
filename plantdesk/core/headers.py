"""Security headers on every response: the console's content policy, no framing, no cross-origin referrer.

The policy is what the built console needs and no more: scripts only from the origin (the build has no inline
script); inline styles allowed, because index.html paints its boot spinner with an inline <style> and antd's
modal scroll lock adds a <style> element at run time; images also from data: (captcha) and any http(s) host
(OSS links, logos); frames from any http(s) host (external menu pages open in the console's iframe view);
video from any http(s) host and from blob: (a camera's stream: hls.js feeds the player through a blob: media source
and runs in a blob: worker), and the fetches that load it (HLS playlists and segments, a WebRTC offer) from any
http(s) host: a plant's media gateway sits where the plant put it (the server checked its address with the
outbound guard when it was saved); images could already reach any host, so fetches add no new way out.
A response that sets a header itself (a file download's sandbox policy) keeps its own; a page with an inline
script of its own (the API docs) allows that one script by its hash (`allowing_scripts`).
"""

import base64
import hashlib

DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "connect-src 'self' http: https:",
    "media-src 'self' blob: http: https:",
    "worker-src 'self' blob:",
    "frame-src 'self' http: https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)
CONTENT_SECURITY_POLICY = "; ".join(DIRECTIVES)


def allowing_scripts(*scripts: str) -> str:
    """The content policy, with these inline scripts (their exact text) allowed as well."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts)
    return CONTENT_SECURITY_POLICY.replace("script-src 'self'", f"script-src 'self' {hashes}")

SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"x-content-type-options", b"nosniff"),
)


class SecurityHeaders:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers.extend((name, value) for name, value in SECURITY_HEADERS if name not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
