"""Snowflake ids: 64-bit, time-ordered, unique across workers; sent to clients as strings."""

import os
import threading
import time

EPOCH_MS = 1288834974657  # Twitter's epoch, which BladeX ids (MyBatis-Plus ASSIGN_ID) also use
_lock = threading.Lock()
_worker = (os.getpid() ^ int.from_bytes(os.urandom(2), "big")) & 0x3FF
_last_ms = 0
_sequence = 0


def next_id() -> int:
    global _last_ms, _sequence
    with _lock:
        now = int(time.time() * 1000)
        if now <= _last_ms:
            _sequence = (_sequence + 1) & 0xFFF
            if _sequence == 0:
                _last_ms += 1
            now = _last_ms
        else:
            _sequence = 0
        _last_ms = now
        return ((now - EPOCH_MS) << 22) | (_worker << 12) | _sequence
