"""OEE arithmetic (industrial.md §7) and the job that stores it.

Availability = run time / planned time; Performance = ideal cycle time × total count / run time; Quality = good
count / total count; OEE = A × P × Q, which equals ideal cycle time × good count / planned time, the form used
here so a shift that never ran still has an OEE (0) rather than none.

Planned time is the shift minus its planned breaks, less the part of it for which the run-state point has no value
yet (time without data is neither run nor loss). The run-state point holds 1 running, 0 stopped, 2 fault, 3 setup;
its value lasts until the next one (store-on-change). Counters only rise: a fall is a reset (the counter restarted
from 0 and counted to the new value) or, for a counter with a modulus (`counter_max`, e.g. 65536) that fell from
its upper half, a rollover.

The six big losses, in seconds of planned time: breakdowns (fault, and stops of SMALL_STOP seconds or more), setup
and adjustments, small stops (shorter stops), reduced speed (run time beyond ideal time), startup rejects (rejects
in the first STARTUP seconds after a start) and production rejects (the other rejects), the rejects valued at the
ideal cycle time.
"""

import bisect
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

RUN, STOP, FAULT, SETUP = 1, 0, 2, 3
SMALL_STOP = 300  # seconds: a shorter stop is a small stop, a longer one a breakdown
STARTUP = 600  # seconds after a start in which rejects are startup rejects
CAUSES = ("breakdown", "setup", "small_stop", "reduced_speed", "startup_reject", "production_reject")
CAUSE_NAMES = {"breakdown": "设备故障", "setup": "换型调整", "small_stop": "短暂停机", "reduced_speed": "速度降低",
               "startup_reject": "启动废品", "production_reject": "生产废品"}
COMPUTE_JOB = "product.oee"
COMPUTE_CRON = "*/5 * * * *"  # the running shift's OEE is at most five minutes old

Span = tuple[int, int]  # [start, end) in epoch ms
Sample = tuple[int, float | None]  # (ts ms, value)


def minutes(hh_mm: str) -> int:
    hours, _, mins = hh_mm.partition(":")
    return int(hours) * 60 + int(mins)


@dataclass(frozen=True)
class Shift:
    id: int
    start: int  # minutes after midnight
    end: int  # minutes after midnight; at or before `start`: the next day
    weekdays: frozenset[int]
    breaks: tuple[tuple[int, int], ...] = ()  # minutes after the shift's midnight (a break after midnight: +1440)

    def window(self, day: date) -> tuple[datetime, datetime] | None:
        """The shift's start and end on `day` (the day it starts), or None when it does not run that weekday."""
        if day.isoweekday() not in self.weekdays:
            return None
        midnight = datetime(day.year, day.month, day.day)
        end = self.end if self.end > self.start else self.end + 1440
        return midnight + timedelta(minutes=self.start), midnight + timedelta(minutes=end)

    def planned(self, day: date) -> list[Span]:
        """The shift on `day` minus its breaks, in epoch ms."""
        window = self.window(day)
        if window is None:
            return []
        midnight = datetime(day.year, day.month, day.day)
        cuts = []
        for start, end in self.breaks:
            if start < self.start:  # a break after midnight of a night shift
                start, end = start + 1440, end + 1440
            end = end if end > start else end + 1440
            cuts.append((ms(midnight + timedelta(minutes=start)), ms(midnight + timedelta(minutes=end))))
        return subtract([(ms(window[0]), ms(window[1]))], cuts)


def shift_of(row) -> Shift:
    breaks = tuple((minutes(b["start"]), minutes(b["end"])) for b in json.loads(row.breaks or "[]"))
    days = frozenset(int(d) for d in (row.weekdays or "").split(",") if d.strip())
    return Shift(row.id, minutes(row.start_time), minutes(row.end_time), days, breaks)


def ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def subtract(spans: Sequence[Span], cuts: Sequence[Span]) -> list[Span]:
    out = list(spans)
    for cut_start, cut_end in cuts:
        out = [piece for start, end in out
               for piece in ((start, min(end, cut_start)), (max(start, cut_end), end)) if piece[0] < piece[1]]
    return out


def clip(spans: Sequence[Span], start: int, end: int) -> list[Span]:
    return [(max(s, start), min(e, end)) for s, e in spans if max(s, start) < min(e, end)]


def overlap(span: Span, spans: Sequence[Span]) -> int:
    return sum(max(0, min(span[1], e) - max(span[0], s)) for s, e in spans)


def states(samples: Sequence[Sample], start: int, end: int) -> list[tuple[int, int, int]]:
    """(start, end, state) over [start, end) from the samples (the last one before `start` first); equal
    neighbours merged, time before the first sample left out."""
    out: list[tuple[int, int, int]] = []
    for index, (ts, value) in enumerate(samples):
        following = samples[index + 1][0] if index + 1 < len(samples) else end
        span_start, span_end = max(ts, start), min(following, end)
        if span_start >= span_end:
            continue
        state = STOP if value is None else int(value)
        if out and out[-1][2] == state and out[-1][1] == span_start:
            out[-1] = (out[-1][0], span_end, state)
        else:
            out.append((span_start, span_end, state))
    return out


def increments(samples: Sequence[Sample], modulus: float | None = None) -> list[tuple[int, float]]:
    """(ts, units counted since the previous sample) for each sample after the first."""
    out = []
    previous: float | None = None
    for ts, value in samples:
        if value is None:
            continue
        if previous is not None:
            delta = value - previous
            if delta < 0:
                delta = modulus - previous + value if modulus and previous >= modulus / 2 else value
            if delta:
                out.append((ts, delta))
        previous = value
    return out


@dataclass
class Result:
    planned: float = 0.0  # seconds
    run: float = 0.0
    ideal: float = 0.0  # ideal cycle time × total count
    total: float = 0.0
    good: float = 0.0
    losses: dict[str, float] = field(default_factory=lambda: dict.fromkeys(CAUSES, 0.0))
    availability: float | None = None
    performance: float | None = None
    quality: float | None = None
    oee: float | None = None


def compute(planned: Sequence[Span], until: int, state_samples: Sequence[Sample], total_samples: Sequence[Sample],
            good_samples: Sequence[Sample] | None, ideal_cycle: float, modulus: float | None = None) -> Result:
    """One device over the planned spans (cut at `until`, the time computed to). Samples in ts order, each list
    starting with the last sample before the shift when there is one."""
    result = Result()
    if not planned:
        return result
    first, last = planned[0][0], min(planned[-1][1], until)
    planned = clip(planned, first, last)
    spans = states(state_samples, first, last)
    known = sum(overlap((s, e), planned) for s, e, _ in spans)
    if not known:
        return result
    result.planned = known / 1000
    starts = []
    for index, (s, e, state) in enumerate(spans):
        seconds = overlap((s, e), planned) / 1000
        if state == RUN:
            result.run += seconds
            if index == 0 or spans[index - 1][2] != RUN:
                starts.append(s)
        elif state == SETUP:
            result.losses["setup"] += seconds
        elif state == STOP and seconds < SMALL_STOP:
            result.losses["small_stop"] += seconds
        else:
            result.losses["breakdown"] += seconds
    totals = [(ts, d) for ts, d in increments(total_samples, modulus) if first < ts <= last]
    goods = totals if good_samples is None else \
        [(ts, d) for ts, d in increments(good_samples, modulus) if first < ts <= last]
    result.total = sum(d for _, d in totals)
    result.good = min(sum(d for _, d in goods), result.total)

    def in_startup(ts: int) -> bool:
        latest = bisect.bisect_left(starts, ts) - 1  # the last start before ts (starts ascend)
        return latest >= 0 and ts <= starts[latest] + STARTUP * 1000

    startup_rejects = max(0.0, sum(d for ts, d in totals if in_startup(ts))
                          - sum(d for ts, d in goods if in_startup(ts)))
    rejects = result.total - result.good
    startup_rejects = min(startup_rejects, rejects)
    result.ideal = ideal_cycle * result.total
    result.losses["reduced_speed"] = max(0.0, result.run - result.ideal)
    result.losses["startup_reject"] = ideal_cycle * startup_rejects
    result.losses["production_reject"] = ideal_cycle * (rejects - startup_rejects)
    result.availability = result.run / result.planned
    result.performance = result.ideal / result.run if result.run else None
    result.quality = result.good / result.total if result.total else None
    result.oee = ideal_cycle * result.good / result.planned
    return result


def combine(rows: Sequence) -> dict:
    """A, P, Q and OEE of several results (devices of a line, shifts of a day): the sums' ratios; OEE weighted by
    planned time (devices of one line may have different ideal cycle times)."""
    planned = sum(r.planned_seconds for r in rows)
    run = sum(r.run_seconds for r in rows)
    ideal = sum(r.ideal_seconds for r in rows)
    total = sum(r.total_count for r in rows)
    good = sum(r.good_count for r in rows)
    weighted = sum((r.oee or 0.0) * r.planned_seconds for r in rows)
    return {"plannedSeconds": planned, "runSeconds": run, "idealSeconds": ideal, "totalCount": total,
            "goodCount": good,
            "availability": run / planned if planned else None,
            "performance": ideal / run if run else None,
            "quality": good / total if total else None,
            "oee": weighted / planned if planned else None}
