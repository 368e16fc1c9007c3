import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '#src/components/monitor/monitor';

/** The custom from..to picker; lazy-loaded so the DatePicker stays out of the route chunk. */
export default function CustomRange({
  value,
  onChange,
}: {
  value?: TimeRange | null;
  onChange(range: TimeRange | null): void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      showTime
      size="middle"
      format="YYYY-MM-DD HH:mm"
      placeholder={[t('device.monitordata.start'), t('device.monitordata.end')]}
      value={value ? [dayjs(value.from), dayjs(value.to)] : null}
      disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
      onChange={(range) =>
        onChange(range?.[0] && range[1] ? { from: range[0].valueOf(), to: range[1].valueOf() } : null)
      }
      data-range-custom=""
    />
  );
}
