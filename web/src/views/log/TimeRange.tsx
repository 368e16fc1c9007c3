import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export type Range = [Dayjs | null, Dayjs | null] | null;

/** The logStartTime..logEndTime picker; lazy-loaded so the DatePicker stays out of the route chunk. */
export default function TimeRange({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: Range;
  onChange?: (range: Range) => void;
}) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      id={id}
      showTime
      style={{ maxWidth: '100%' }}
      allowEmpty={[true, true]}
      format="YYYY-MM-DD HH:mm:ss"
      placeholder={[t('monitor.log.start'), t('monitor.log.end')]}
      value={value ?? null}
      onChange={(range) => onChange?.(range as Range)}
    />
  );
}
