"""OEE arithmetic (industrial.md §7) on fixtures: the worked example, counter resets and rollovers, planned breaks,
shift boundaries (a night shift over midnight, values from before the shift), the six big losses, no data."""

from datetime import date, datetime

import pytest

from plantdesk.modules.product import oee

MONDAY = date(2026, 11, 23)
DAY_SHIFT = oee.Shift(1, oee.minutes("08:00"), oee.minutes("16:00"), frozenset(range(1, 8)))
LUNCH_SHIFT = oee.Shift(2, oee.minutes("08:00"), oee.minutes("16:00"), frozenset(range(1, 8)),
                        ((oee.minutes("12:00"), oee.minutes("12:30")),))
NIGHT_SHIFT = oee.Shift(3, oee.minutes("22:00"), oee.minutes("06:00"), frozenset(range(1, 8)),
                        ((oee.minutes("02:00"), oee.minutes("02:30")),))


def at(hh_mm: str, day: date = MONDAY) -> int:
    return oee.ms(datetime(day.year, day.month, day.day, int(hh_mm[:2]), int(hh_mm[3:])))


def run(shift: oee.Shift, state, total, good=None, *, ideal=60.0, modulus=None, day=MONDAY, until=None):
    planned = shift.planned(day)
    return oee.compute(planned, until or planned[-1][1], state, total, good, ideal, modulus)


def test_the_worked_example():
    """420 of 480 min running, 400 parts at 1 min ideal, 380 good: 87.5 % × 95.2 % × 95 % ≈ 79.2 %."""
    state = [(at("08:00"), 1), (at("10:00"), 2), (at("11:00"), 1)]
    result = run(DAY_SHIFT, state, [(at("08:00"), 1000), (at("16:00"), 1400)], [(at("08:00"), 500), (at("16:00"), 880)])
    assert result.planned == 480 * 60 and result.run == 420 * 60
    assert result.availability == pytest.approx(0.875)
    assert result.performance == pytest.approx(400 / 420)
    assert result.quality == pytest.approx(0.95)
    assert result.oee == pytest.approx(0.875 * 400 / 420 * 0.95)
    assert result.losses["breakdown"] == 3600
    assert result.losses["reduced_speed"] == pytest.approx(20 * 60)
    assert result.losses["production_reject"] + result.losses["startup_reject"] == pytest.approx(20 * 60)


def test_a_counter_reset_counts_from_zero():
    total = [(at("08:00"), 1000), (at("10:00"), 1200), (at("10:01"), 5), (at("16:00"), 205)]
    assert run(DAY_SHIFT, [(at("08:00"), 1)], total).total == 405


def test_a_counter_rollover_wraps_at_its_modulus():
    total = [(at("08:00"), 65400), (at("09:00"), 100), (at("16:00"), 300)]
    assert run(DAY_SHIFT, [(at("08:00"), 1)], total, modulus=65536).total == 136 + 100 + 200
    # without a modulus the same fall reads as a reset
    assert run(DAY_SHIFT, [(at("08:00"), 1)], total).total == 100 + 200


def test_a_planned_break_is_not_a_loss():
    state = [(at("08:00"), 1), (at("12:00"), 0), (at("12:30"), 1)]
    result = run(LUNCH_SHIFT, state, [(at("08:00"), 0), (at("16:00"), 450)])
    assert result.planned == 450 * 60 and result.run == 450 * 60
    assert result.availability == 1.0 and result.losses["breakdown"] == 0


def test_a_night_shift_over_midnight_takes_values_from_before_it():
    """Running since 20:00, the count at 21:00 is before the shift; a stop of 3 min at 01:00 is a small stop."""
    tuesday = date(2026, 11, 24)
    state = [(at("20:00"), 1), (at("01:00", tuesday), 0), (at("01:03", tuesday), 1)]
    total = [(at("20:00"), 0), (at("21:00"), 100), (at("05:00", tuesday), 500), (at("07:00", tuesday), 600)]
    result = run(NIGHT_SHIFT, state, total)
    assert result.planned == (8 * 60 - 30) * 60
    assert result.run == result.planned - 180
    assert result.losses["small_stop"] == 180 and result.losses["breakdown"] == 0
    assert result.total == 400  # 21:00 → 05:00; the 07:00 count is after the shift


def test_a_running_shift_is_computed_up_to_now():
    result = run(DAY_SHIFT, [(at("08:00"), 1)], [(at("08:00"), 0), (at("09:00"), 30)], until=at("10:00"))
    assert result.planned == 7200 and result.availability == 1.0 and result.total == 30


def test_stops_by_cause_and_startup_rejects():
    state = [(at("08:00"), 1), (at("09:00"), 3), (at("09:30"), 1), (at("10:00"), 0), (at("10:10"), 1)]
    total = [(at("08:00"), 0), (at("09:35"), 10), (at("11:00"), 100)]
    good = [(at("08:00"), 0), (at("09:35"), 4), (at("11:00"), 90)]
    result = run(DAY_SHIFT, state, total, good)
    assert result.losses["setup"] == 1800
    assert result.losses["breakdown"] == 600  # a 10-minute stop
    assert result.losses["startup_reject"] == 6 * 60  # 6 rejects within 10 min of the 09:30 start
    assert result.losses["production_reject"] == 4 * 60


def test_no_data_gives_no_figures():
    result = run(DAY_SHIFT, [], [])
    assert result.planned == 0 and result.availability is None and result.oee is None
    # data only from 12:00: the morning without data is neither planned nor lost
    late = run(DAY_SHIFT, [(at("12:00"), 1)], [(at("12:00"), 0), (at("16:00"), 240)])
    assert late.planned == 4 * 3600 and late.availability == 1.0 and late.oee == 1.0


def test_a_shift_off_that_weekday_has_no_window():
    weekdays_only = oee.Shift(4, oee.minutes("08:00"), oee.minutes("16:00"), frozenset(range(1, 6)))
    assert weekdays_only.window(date(2026, 11, 29)) is None and weekdays_only.planned(date(2026, 11, 29)) == []
