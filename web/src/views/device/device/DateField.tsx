import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { Device } from '#src/api/deviceAdmin';
import type { CrudFieldProps } from '#src/components/CrudPage';

/** A calendar date on the wire as `YYYY-MM-DD` (the install date); CrudPage's datetime type carries a time. */
export default function DateField({ value, onChange, disabled, id }: CrudFieldProps<Device>) {
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      disabled={disabled}
      value={value ? dayjs(String(value)) : null}
      onChange={(day) => onChange?.(day ? day.format('YYYY-MM-DD') : undefined)}
    />
  );
}
