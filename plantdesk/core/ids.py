"""Snowflake ids: 64-bit, time-ordered, unique across workers; sent to clients as strings.

A process starts with a random 10-bit worker id, which is enough for one process. A process that runs beside
others (`serve` and `worker` on PostgreSQL) leases its worker id instead (`leases.lease_worker_id`) and stops
issuing ids when the lease lapses rather than risk a duplicate.
"""

import math
import os
import threading
import time

EPOCH_MS = 1288834974657  # Twitter's epoch, which BladeX ids (MyBatis-Plus ASSIGN_ID) also use
WORKER_IDS = 1024


class LeaseLapsed(RuntimeError):
    """The worker id's lease was not renewed: another process may own the id now."""


class Snowflake:
    def __init__(self, worker: int) -> None:
        self._lock = threading.Lock()
        self.worker = worker
        self._valid_until_ms = math.inf
        self._last_ms = 0
        self._sequence = 0

    def lease(self, worker: int, valid_until: float) -> None:
        """Issue ids as `worker` until `valid_until` (epoch seconds); called again on every renewal."""
        with self._lock:
            self.worker, self._valid_until_ms = worker, valid_until * 1000

    def next_id(self) -> int:
        with self._lock:
            now = int(time.time() * 1000)
            if now >= self._valid_until_ms:
                raise LeaseLapsed(f"snowflake worker id {self.worker} is no longer leased")
            if now <= self._last_ms:
                self._sequence = (self._sequence + 1) & 0xFFF
                if self._sequence == 0:
                    self._last_ms += 1
                now = self._last_ms
            else:
                self._sequence = 0
            self._last_ms = now
            return ((now - EPOCH_MS) << 22) | (self.worker << 12) | self._sequence


generator = Snowflake((os.getpid() ^ int.from_bytes(os.urandom(2), "big")) % WORKER_IDS)


def next_id() -> int:
    return generator.next_id()
