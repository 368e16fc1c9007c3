"""core.ids: snowflake ids are positive 64-bit, increasing, and unique across threads."""

import threading
import time

from plantdesk.core.ids import EPOCH_MS, next_id


class TestNextId:
    def test_strictly_increasing_in_one_thread(self):
        ids = [next_id() for _ in range(20_000)]
        assert all(a < b for a, b in zip(ids, ids[1:], strict=False))

    def test_fits_a_signed_64_bit_column(self):
        assert 0 < next_id() < 2**63

    def test_carries_the_current_time(self):
        millis = (next_id() >> 22) + EPOCH_MS
        assert abs(millis - time.time() * 1000) < 5_000

    def test_unique_across_threads(self):
        results: list[list[int]] = [[] for _ in range(8)]

        def work(bucket: list[int]) -> None:
            bucket.extend(next_id() for _ in range(5_000))

        threads = [threading.Thread(target=work, args=(bucket,)) for bucket in results]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        every = [i for bucket in results for i in bucket]
        assert len(set(every)) == len(every) == 40_000
        assert all(all(a < b for a, b in zip(bucket, bucket[1:], strict=False)) for bucket in results)
