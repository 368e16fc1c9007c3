"""A small OpenAI-compatible server on loopback for the provider tests: /v1/chat/completions, streamed.

The first call of a conversation (no tool message yet) answers with a streamed tool call (`device_status` of the
device named in the last user message); once the tool's result is in, it streams a text answer quoting it and
citing [1]. Every request body is kept in `requests`."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class FakeOpenAI:
    def __init__(self, device: str):
        self.device = device
        self.requests: list[dict] = []
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                body["_auth"] = self.headers.get("Authorization")
                fake.requests.append(body)
                if self.path != "/v1/chat/completions":
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                tool = next((m for m in body["messages"] if m["role"] == "tool"), None)
                if tool is None:
                    args = json.dumps({"device": fake.device})
                    deltas = [{"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                               "function": {"name": "device_status", "arguments": args[:10]}}]},
                              {"tool_calls": [{"index": 0, "function": {"arguments": args[10:]}}]}]
                    finish = "tool_calls"
                else:
                    values = json.loads(tool["content"])["devices"][0]["values"]
                    vibration = next(v["value"] for v in values if v["point"] == "VIBRATION")
                    deltas = [{"role": "assistant", "content": "Vibration is "},
                              {"content": f"{vibration} mm/s; "}, {"content": "follow the procedure [1]."}]
                    finish = "stop"
                for delta in deltas:
                    self._send({"choices": [{"index": 0, "delta": delta, "finish_reason": None}]})
                self._send({"choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
                self.wfile.write(b"data: [DONE]\n\n")

            def _send(self, payload):
                self.wfile.write(f"data: {json.dumps(payload)}\n\n".encode())
                self.wfile.flush()

        return Handler
